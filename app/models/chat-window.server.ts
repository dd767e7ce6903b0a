/**
 * The chat page's messages (decision 025): only the latest messages of the branch on screen, found
 * by SQLite walking up from the chat's leaf, with each message's siblings for the ‹ 2/3 › control,
 * and how long the whole branch is. A 200-message chat no longer reads, sends and maps 200 rows to
 * show 20. The walk is the same tree as chat-tree.ts's `pathTo`, which the tests compare it with.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages, savedChats } from "~/db/schema";
import { toChatMessage, type ChatMessage, type MessageRow } from "./chat-tree";

// The outer row's columns are named with their table in the subqueries below: drizzle leaves its own
// column references unqualified in a one-table query, where they would mean the inner table's.

/**
 * The branch from a leaf up to its root, or only its `size` messages nearest the leaf: `up(id,
 * parent_id, depth)`, the leaf at depth 0.
 */
const branchUp = (leaf: SQL, select: SQL, size?: number) =>
  sql`(with recursive up(id, parent_id, depth) as (
      select m.id, m.parent_id, 0 from messages m where m.id = ${leaf}
      union all select m.id, m.parent_id, up.depth + 1 from messages m join up on m.id = up.parent_id
        ${size === undefined ? sql`` : sql`where up.depth + 1 < ${size}`}
    ) ${select})`;

/** The chat row with the length of its branch on screen (0 when its leaf is missing). */
export const chatWithBranchLength = (db: Db, chatIds: SQL) =>
  db
    .select({ ...getTableColumns(savedChats), branchLength: sql<number>`${branchUp(sql`saved_chats.leaf_message_id`, sql`select count(*) from up`)}` })
    .from(savedChats)
    .where(sql`${savedChats.id} in ${chatIds}`);

/** The latest `size` messages of the branch on screen, each with its siblings' ids in order (JSON). */
export const branchWindow = (db: Db, chatIds: SQL, size: number) =>
  db
    .select({
      ...getTableColumns(messages),
      siblingIds: sql<string>`(select json_group_array(s.id) from (
        select s.id from messages s where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id order by s.created_at, s.id) s)`,
    })
    .from(messages)
    .where(sql`${messages.id} in ${branchUp(sql`(select c.leaf_message_id from saved_chats c where c.id in ${chatIds})`, sql`select id from up`, size)}`);

export type WindowRow = MessageRow & { siblingIds: string };

/**
 * The window in order, root side first, as the screen shows it; null when the rows do not form a
 * branch down to the leaf (a missing leaf: the caller then reads the whole chat, as before).
 */
export function toWindow(rows: WindowRow[], leafId: string | null, now = Date.now()): ChatMessage[] | null {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered: WindowRow[] = [];
  for (let m = leafId ? byId.get(leafId) : undefined; m; m = m.parentId ? byId.get(m.parentId) : undefined) ordered.unshift(m);
  if (!ordered.length || ordered.length !== rows.length) return null;
  return ordered.map((m) => toChatMessage(m, JSON.parse(m.siblingIds) as string[], now));
}
