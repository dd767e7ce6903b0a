/**
 * What a user's chats read inside their own object (decisions 025, 049 and 072): the chat on screen,
 * a branch or its latest part found by SQLite walking the tree, and the lists pages show. ChatTables
 * (chats.ts) adds the writes on top of these; the tree's shape is chat-tree.ts.
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import {
  branchTree,
  pathTo,
  PREVIEW_SOURCE_CHARS,
  toWindow,
  type BranchSegment,
  type ChatMessage,
  type LatestPart,
  type WindowRow,
} from "~/user-store/chat-tree";
import { chats, messages, type ChatRow, type MessageRow } from "./schema";

export class ChatReads {
  constructor(protected readonly db: DrizzleSqliteDODatabase) {}

  /** The chat on screen with a character: the selected one, else the latest. */
  onScreen(characterId: string) {
    return this.db.select().from(chats).where(eq(chats.characterId, characterId)).orderBy(desc(chats.selected), desc(chats.updatedAt)).limit(1).get();
  }

  protected all(chatId: string) {
    return this.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.createdAt), asc(messages.id)).all();
  }

  /**
   * The chat's branches as the "All branches" view shows them, read from each message's start; a
   * message whose start is too thin for its preview (mostly spaces and line breaks) is read whole.
   */
  tree(chat: ChatRow): BranchSegment[] {
    const rows = this.db
      .select({
        id: messages.id,
        parentId: messages.parentId,
        role: messages.role,
        content: sql<string>`substr(${messages.content}, 1, ${PREVIEW_SOURCE_CHARS})`,
        cut: sql<boolean>`length(${messages.content}) > ${PREVIEW_SOURCE_CHARS}`.mapWith(Boolean),
      })
      .from(messages)
      .where(eq(messages.chatId, chat.id))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .all();
    return branchTree(rows, chat.leafMessageId, (id) => this.message(id)?.content ?? "");
  }

  protected message(id: string) {
    return this.db.select().from(messages).where(eq(messages.id, id)).get();
  }

  /** The chat with this id if it is with this character. */
  find(characterId: string, chatId: string) {
    return this.db
      .select()
      .from(chats)
      .where(and(eq(chats.id, chatId), eq(chats.characterId, characterId)))
      .get();
  }

  /** SQL: the messages from the chat's leaf up to its root (`up(id, parent_id, depth)`), at most `limit` of them. */
  protected up(chat: ChatRow, select: SQL, limit?: number, from: string | null = chat.leafMessageId) {
    return sql`(with recursive up(id, parent_id, depth) as (
        select m.id, m.parent_id, 0 from messages m where m.id = ${from} and m.chat_id = ${chat.id}
        union all select m.id, m.parent_id, up.depth + 1 from messages m join up on m.id = up.parent_id
          ${limit === undefined ? sql`` : sql`where up.depth + 1 < ${limit}`}
      ) ${select})`;
  }

  /**
   * One branch, root first, up from `from` (the leaf, or the message a call is about), or only its
   * last `depth` messages (decision 049). SQLite walks up from there, so the other branches of a long
   * chat are never read. Null when `from` is not in the chat.
   */
  protected branch(chat: ChatRow, from: string | null, depth?: number) {
    const rows = this.db
      .select()
      .from(messages)
      .where(sql`${messages.id} in ${this.up(chat, sql`select id from up`, depth, from)}`)
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .all();
    return rows.length ? rows : null;
  }

  /**
   * The latest `size` messages of the chat's branch on screen (all of them without `size`), found by
   * SQLite walking up from its leaf (decision 025) or from `from`, each with its siblings' ids in
   * order (JSON), and the branch's length up to there.
   */
  protected window(chat: ChatRow, size?: number, from: string | null = chat.leafMessageId) {
    const up = (select: SQL, limit?: number) => this.up(chat, select, limit, from);
    const rows = this.db
      .select({
        ...getTableColumns(messages),
        // Its place among its versions, never the whole list of them: a message may have any number (issue 58).
        siblingCount: sql<number>`(select count(*) from messages s where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id)`,
        siblingIndex: sql<number>`(select count(*) from messages s where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id
          and (s.created_at, s.id) <= (messages.created_at, messages.id))`,
        previousId: sql<string | null>`(select s.id from messages s where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id
          and (s.created_at, s.id) < (messages.created_at, messages.id) order by s.created_at desc, s.id desc limit 1)`,
        nextId: sql<string | null>`(select s.id from messages s where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id
          and (s.created_at, s.id) > (messages.created_at, messages.id) order by s.created_at, s.id limit 1)`,
        // The message has other versions, and one of them goes on with later messages: the chat branches here.
        branched: sql<number>`(exists(select 1 from messages s where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id and s.id != messages.id)
          and exists(select 1 from messages s join messages c on c.parent_id = s.id where s.chat_id = messages.chat_id and s.parent_id is messages.parent_id))`,
      })
      .from(messages)
      .where(sql`${messages.id} in ${up(sql`select id from up`, size)}`)
      .all();
    const length = this.db
      .select({ n: sql<number>`${up(sql`select count(*) from up`)}` })
      .from(chats)
      .where(eq(chats.id, chat.id))
      .get();
    return { rows, branchLength: length?.n ?? 0 };
  }

  /**
   * The branch down to `id` that a prompt is planned from: found by SQLite walking up from `id`, and
   * stopping at the newest message above it that a running summary covers to (decisions 068 and 070),
   * since the summary stands for everything before it (summaryOnBranch). So a send, a Regenerate or a
   * Continue in a chat of thousands of messages reads the tail the summary has not folded in yet, not
   * the whole branch. The walk never stops at `id` itself: a Regenerate's prompt ends at its parent,
   * and needs the summary above that. Root first; empty when `id` is not in the chat.
   */
  branchTo(chatId: string, id: string) {
    const rows = this.db
      .select()
      .from(messages)
      .where(
        sql`${messages.id} in (with recursive up(id) as (
          select id from messages where id = ${id} and chat_id = ${chatId}
          union all select m.parent_id from messages m join up on m.id = up.id
            where m.parent_id is not null
              and (up.id = ${id} or not exists (select 1 from memory_summaries s where s.through_message_id = up.id))
          ) select id from up)`,
      )
      .all();
    const byId = new Map(rows.map((m) => [m.id, m]));
    const branch: MessageRow[] = [];
    for (let m = byId.get(id); m; m = m.parentId ? byId.get(m.parentId) : undefined) branch.unshift(m);
    return branch;
  }

  /** The chat's messages on screen from `leafId`. */
  screen(chatId: string, leafId: string | null): ChatMessage[] {
    return pathTo(this.all(chatId), leafId);
  }

  /**
   * What the screen needs after a change (decision 072): the latest `size` messages of the branch on
   * screen, reaching up at least to `through` (the message above the change, which the screen shows
   * already), and how many come before them. The browser keeps what it shows above them, so a change
   * in a chat of thousands of messages answers with a few dozen, not the whole branch.
   */
  latest(chatId: string, size: number, through?: string | null): LatestPart {
    const chat = this.db.select().from(chats).where(eq(chats.id, chatId)).get();
    if (!chat) return { messages: [], earlier: 0 };
    let limit = size;
    let { rows, branchLength } = this.window(chat, limit);
    // A `through` above the latest `size` (a swipe far up the chat): read down from it instead.
    if (through && !rows.some((m) => m.id === through)) {
      const found = this.db
        .select({ depth: sql<number | null>`${this.up(chat, sql`select depth from up where id = ${through}`)}` })
        .from(chats)
        .where(eq(chats.id, chat.id))
        .get();
      if (typeof found?.depth === "number") {
        limit = found.depth + 1;
        ({ rows, branchLength } = this.window(chat, limit));
      }
    }
    const shown = toWindow(rows as WindowRow[], chat.leafMessageId);
    if (shown) return { messages: shown, earlier: Math.max(0, branchLength - shown.length) };
    // A leaf that is gone (never expected): the newest branch of the whole chat, as pathTo finds it.
    const path = pathTo(this.all(chatId), chat.leafMessageId);
    const earlier = Math.max(0, path.length - limit);
    return { messages: path.slice(earlier), earlier };
  }

  /** The person's chats with a character, newest first, each with its place among them, its length and last line. */
  list(characterId: string) {
    return this.db
      .select({
        id: chats.id,
        title: chats.title,
        selected: chats.selected,
        createdAt: chats.createdAt,
        updatedAt: chats.updatedAt,
        /** The person's own number for it: "Unnamed Chat #2". */
        number: chats.number,
        messages: sql<number>`(select count(*) from messages m where m.chat_id = chats.id)`,
        lastLine: sql<string | null>`(select substr(m.content, 1, 160) from messages m where m.id = chats.leaf_message_id)`,
      })
      .from(chats)
      .where(eq(chats.characterId, characterId))
      .orderBy(desc(chats.createdAt), sql`chats.rowid desc`)
      .all();
  }

  /** A message in one of these chats, with its role, its text and the chat's character. */
  findMessage(messageId: string) {
    return this.db
      .select({
        id: messages.id,
        role: messages.role,
        content: messages.content,
        status: messages.status,
        parentId: messages.parentId,
        speakerId: messages.speakerId,
        chatId: messages.chatId,
        createdAt: messages.createdAt,
        memory: messages.memory,
        characterId: chats.characterId,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(eq(messages.id, messageId))
      .get();
  }

  /** Messages of a chat by id, in the order they were written (what a reply recalled, issue 62); those gone are left out. */
  messagesIn(chatId: string, ids: string[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: messages.id, role: messages.role, content: messages.content, speakerId: messages.speakerId })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), inArray(messages.id, ids)))
      .orderBy(asc(messages.createdAt))
      .all();
  }

  /** The character a chat (or a message's chat) is with: the pages open on it hear of a change. */
  characterOf(ref: { chatId?: string; messageId?: string }) {
    if (ref.chatId) return this.db.select({ id: chats.characterId }).from(chats).where(eq(chats.id, ref.chatId)).get()?.id ?? null;
    if (!ref.messageId) return null;
    return (
      this.db.select({ id: chats.characterId }).from(messages).innerJoin(chats, eq(chats.id, messages.chatId)).where(eq(messages.id, ref.messageId)).get()
        ?.id ?? null
    );
  }

  /**
   * The conversations on screen with each character and in each group, last touched first, for the
   * home page's "Continue" row: who, their picture (a group: its members), the branch's last line and
   * who said it, and when. One statement on `chats_updated_idx`.
   */
  recentConversations(limit: number) {
    const rows = this.db.all<{
      characterId: string;
      name: string;
      thumbnail: string | null;
      groupName: string | null;
      members: string | null;
      line: string | null;
      role: string | null;
      at: number;
    }>(sql`select c.character_id as characterId, c.character_name as name, c.character_thumbnail as thumbnail,
        g.name as groupName, g.members as members, substr(m.content, 1, 160) as line, m.role as role, c.updated_at as at
      from chats c left join messages m on m.id = c.leaf_message_id left join groups g on g.chat_id = c.id
      where c.selected = 1 order by c.updated_at desc limit ${limit}`);
    return rows.map((r) => ({
      characterId: r.characterId,
      name: r.groupName ?? r.name,
      thumbnail: r.thumbnail,
      members: r.members ? (JSON.parse(r.members) as { id: string; thumbnail: string | null }[]).map((m) => ({ id: m.id, thumbnail: m.thumbnail })) : null,
      line: r.line,
      fromPerson: r.role === "user",
      at: r.at,
    }));
  }

  /** The characters the person chatted with lately, latest first. */
  recentCharacters(limit: number) {
    return this.recentChats(limit).map((c) => c.characterId);
  }

  /** The characters the person chats with, latest first, by the name their chat keeps (a picture can be sent into one). */
  recentChats(limit: number) {
    return (
      this.db
        // The name is read beside max(updated_at), so SQLite takes it from the character's latest chat.
        .select({ characterId: chats.characterId, name: sql<string>`${chats.characterName}`, at: sql<number>`max(${chats.updatedAt})` })
        .from(chats)
        // A group's conversation (decision 051) is not a chat with a character.
        .where(sql`${chats.characterId} not like 'group:%'`)
        .groupBy(chats.characterId)
        .orderBy(desc(sql`max(${chats.updatedAt})`))
        .limit(limit)
        .all()
        .map(({ characterId, name }) => ({ characterId, name }))
    );
  }

  /**
   * How many messages the person wrote in their chats with a character, counted up to `atMost` (a
   * rating opens after 5, issue 64): an index walk of that character's chats, stopped once enough.
   */
  sentTo(characterId: string, atMost: number) {
    const row = this.db.get<{ n: number }>(sql`
      select count(*) as n from (select 1 from ${messages} m join ${chats} c on c.id = m.chat_id
        where c.character_id = ${characterId} and m.role = 'user' limit ${atMost})`);
    return row?.n ?? 0;
  }
}
