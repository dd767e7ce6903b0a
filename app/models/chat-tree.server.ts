/**
 * A chat is a tree of messages (decision 010). The greeting and its alternates are sibling roots;
 * every reply, regeneration or edit adds a child or a sibling, so nothing is overwritten and every
 * branch stays reachable. `saved_chats.leaf_message_id` is the tip of the branch on screen.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { messages, savedChats } from "~/db/schema";

export type MessageRow = typeof messages.$inferSelect;

export type ChatMessage = {
  id: string;
  parentId: string | null;
  role: "user" | "character" | "system";
  content: string;
  status: "complete" | "streaming" | "failed";
  error: string | null;
  model: string | null;
  /** Position among the message's siblings (1-based), their count and ids, for the ‹ 2/3 › control. */
  index: number;
  count: number;
  siblingIds: string[];
};

/** The chat on screen for a user and character: the selected one, else the most recent; null if none. */
export async function currentChat(db: Db, userId: string, characterId: string) {
  return db
    .select()
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.selected), desc(savedChats.updatedAt))
    .limit(1)
    .get();
}

/** The chat on screen and its messages, as two statements for a batch (see chatOnScreen). */
export function chatOnScreenQueries(db: Db, userId: string, characterId: string) {
  const current = db
    .select({ id: savedChats.id })
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.selected), desc(savedChats.updatedAt))
    .limit(1);
  return [
    db.select().from(savedChats).where(inArray(savedChats.id, current)),
    db.select().from(messages).where(inArray(messages.chatId, current)).orderBy(asc(messages.createdAt), asc(messages.id)),
  ] as const;
}

/** From those rows: the chat on screen, created (opening with the greeting) the first time. */
export async function chatOnScreen(
  db: Db,
  userId: string,
  character: { id: string; greeting: string; alternateGreetings: string[] },
  [chatRows, messageRows]: [(typeof savedChats.$inferSelect)[], MessageRow[]],
) {
  if (chatRows[0]) return { chatId: chatRows[0].id, chat: chatRows[0], all: messageRows };
  const chatId = await createChat(db, userId, character);
  const chat = (await currentChat(db, userId, character.id))!;
  return { chatId, chat, all: await chatMessages(db, chatId) };
}

/** A new chat opening with the greeting; the alternate greetings are its siblings (swipes). */
export async function createChat(db: Db, userId: string, character: { id: string; greeting: string; alternateGreetings: string[] }, title = "", select = true) {
  const chatId = createId();
  const greetings = [character.greeting, ...character.alternateGreetings].filter((g) => g.trim());
  const rows = greetings.map((content, i) => ({ id: createId(), chatId, parentId: null, role: "character" as const, content, createdAt: new Date(Date.now() + i) }));
  await db.batch([
    db.update(savedChats).set({ selected: false }).where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, character.id), sql`${select ? 1 : 0} = 1`)),
    db.insert(savedChats).values({ id: chatId, userId, characterId: character.id, title, selected: select, leafMessageId: rows[0]?.id ?? null }),
    ...rows.map((r) => db.insert(messages).values(r)),
  ]);
  return chatId;
}

export async function chatMessages(db: Db, chatId: string) {
  return db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.createdAt), asc(messages.id)).all();
}

/** Longer than the longest allowed generation (TEXT_TIMEOUT_SECONDS is at most 600). */
const STALE_STREAM_MS = 11 * 60_000;

const siblingsOf = (all: MessageRow[], parentId: string | null) => all.filter((m) => m.parentId === parentId);

/** The newest-child path down from a message: where a branch's tip is. */
export function deepestFrom(all: MessageRow[], id: string) {
  let tip = id;
  for (;;) {
    const children = all.filter((m) => m.parentId === tip);
    if (!children.length) return tip;
    tip = children[children.length - 1].id;
  }
}

/** The messages on screen: from the root down to the leaf, each with its siblings. */
export function pathTo(all: MessageRow[], leafId: string | null, now = Date.now()): ChatMessage[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  let leaf = leafId && byId.has(leafId) ? byId.get(leafId)! : null;
  if (!leaf) {
    const root = all.find((m) => m.parentId === null);
    if (!root) return [];
    leaf = byId.get(deepestFrom(all, root.id))!;
  }
  const path: MessageRow[] = [];
  for (let m: MessageRow | undefined = leaf; m; m = m.parentId ? byId.get(m.parentId) : undefined) path.unshift(m);
  return path.map((m) => {
    const siblings = siblingsOf(all, m.parentId);
    // A reply still "streaming" long after any writer would have finished was cut off (the Worker
    // went away): it is shown as failed, so the person can press Retry.
    const stale = m.status === "streaming" && now - m.createdAt.getTime() > STALE_STREAM_MS;
    return {
      id: m.id,
      parentId: m.parentId,
      role: m.role,
      content: m.content,
      status: stale ? "failed" : m.status,
      error: stale ? "This reply was interrupted. Press Retry." : m.error,
      model: m.model,
      index: siblings.findIndex((s) => s.id === m.id) + 1,
      count: siblings.length,
      siblingIds: siblings.map((s) => s.id),
    };
  });
}

export async function setLeaf(db: Db, chatId: string, leafId: string | null) {
  await db.update(savedChats).set({ leafMessageId: leafId, updatedAt: new Date() }).where(eq(savedChats.id, chatId)).run();
}

/** Removes a message and everything under it; the chat shows the branch above it afterwards. */
export async function deleteBranch(db: Db, chatId: string, all: MessageRow[], id: string) {
  const doomed = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of all) if (m.parentId && doomed.has(m.parentId) && !doomed.has(m.id)) (doomed.add(m.id), (grew = true));
  }
  const target = all.find((m) => m.id === id)!;
  const remaining = all.filter((m) => !doomed.has(m.id));
  const sibling = siblingsOf(remaining, target.parentId).at(-1);
  const leaf = sibling ? deepestFrom(remaining, sibling.id) : target.parentId;
  await db.batch([db.delete(messages).where(inArray(messages.id, [...doomed])), db.update(savedChats).set({ leafMessageId: leaf, updatedAt: new Date() }).where(eq(savedChats.id, chatId))]);
  return leaf;
}
