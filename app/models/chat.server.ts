/**
 * Chats: every statement on `saved_chats` and `messages` lives here (decisions 010 and 013). Routes
 * and the reply stream call these functions by what they do; the tree's shape is chat-tree.ts.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { characters, characterTags, messages, savedChats, tags } from "~/db/schema";
import { canViewCharacter } from "~/lib/auth/capabilities";
import { branchBelow, deepestFrom, pathTo, siblingsOf, type MessageRow } from "./chat-tree";
import { branchWindow, chatWithBranchLength } from "./chat-window.server";

type Viewer = { id: string; isModerator: boolean };
type ChatRow = typeof savedChats.$inferSelect;
type Greetings = { id: string; greeting: string; alternateGreetings: string[] };

/** The character row and its tag names, for a batch. */
const characterQueries = (db: Db, id: string) =>
  [
    db.select().from(characters).where(eq(characters.id, id)).limit(1),
    db.select({ name: tags.name }).from(characterTags).innerJoin(tags, eq(tags.id, characterTags.tagId)).where(eq(characterTags.characterId, id)),
  ] as const;

/** A character as the chat uses it: with its tags and the card's personality and system prompt. */
function toChatCharacter(row: typeof characters.$inferSelect, tagNames: string[]) {
  const extras = (row.cardExtras ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return { ...row, tags: tagNames, personality: text(extras.personality), systemPrompt: text(extras.system_prompt) };
}
export type ChatCharacter = ReturnType<typeof toChatCharacter>;

/** The chat on screen for a user and character: the selected one, else the latest (a subquery). */
const chatOnScreen = (db: Db, userId: string, characterId: string) =>
  db
    .select({ id: savedChats.id })
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.selected), desc(savedChats.updatedAt))
    .limit(1);

/**
 * The chat on screen and its messages, for a batch: all of them, or (`window`) only the latest of the
 * branch on screen with the branch's length (chat-window.server.ts).
 */
const chatOnScreenQueries = (db: Db, userId: string, characterId: string, window?: number) => {
  const current = chatOnScreen(db, userId, characterId);
  if (window) return [chatWithBranchLength(db, sql`(${current})`), branchWindow(db, sql`(${current})`, window)] as const;
  return [
    db.select().from(savedChats).where(inArray(savedChats.id, current)),
    db.select().from(messages).where(inArray(messages.chatId, current)).orderBy(asc(messages.createdAt), asc(messages.id)),
  ] as const;
};

type Extra = Parameters<Db["batch"]>[0][number];

/**
 * A character the viewer may see and, for a signed-in viewer, the chat on screen with it (opened with
 * the greeting the first time; `open: false` leaves chats alone): one D1 round trip, plus whatever
 * `extra` statements the caller needs in the same batch (settings, personas, preferences...). Null
 * when there is no such character for this viewer.
 */
export async function loadChat(
  db: Db,
  input: { viewer: Viewer | null; characterId: string; open?: boolean; extra?: Extra[]; window?: number },
): Promise<{ character: ChatCharacter; chat: ChatRow | null; all: MessageRow[]; extra: unknown[][]; branchLength?: number } | null> {
  const { viewer, characterId } = input;
  const open = !!viewer && input.open !== false;
  const extra = input.extra ?? [];
  const statements = [...characterQueries(db, characterId), ...(open ? chatOnScreenQueries(db, viewer.id, characterId, input.window) : []), ...extra];
  const results = (await db.batch(statements as unknown as Parameters<Db["batch"]>[0])) as unknown as unknown[];
  const [characterRows, tagRows] = results as [(typeof characters.$inferSelect)[], { name: string }[]];
  const row = characterRows[0];
  if (!row || !canViewCharacter(viewer, row)) return null;
  const character = toChatCharacter(
    row,
    tagRows.map((t) => t.name),
  );
  const rest = results.slice(open ? 4 : 2) as unknown[][];
  if (!open) return { character, chat: null, all: [] as MessageRow[], extra: rest };
  const [chatRows, messageRows] = results.slice(2, 4) as [(ChatRow & { branchLength?: number })[], MessageRow[]];
  if (chatRows[0]) {
    const { branchLength, ...chat } = chatRows[0];
    return { character, chat, all: messageRows, extra: rest, branchLength };
  }
  const chatId = await createChat(db, viewer.id, character);
  const [chat, all] = await db.batch([db.select().from(savedChats).where(eq(savedChats.id, chatId)), chatMessagesQuery(db, chatId)]);
  return { character, chat: chat[0], all, extra: rest };
}
export type LoadedChat = NonNullable<Awaited<ReturnType<typeof loadChat>>> & { chat: ChatRow };

const chatMessagesQuery = (db: Db, chatId: string) =>
  db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.createdAt), asc(messages.id));

/** The chat's messages now (after a write), as the screen shows them from `leafId`. */
export async function screenAfter(db: Db, chatId: string, leafId: string | null) {
  return pathTo(await chatMessagesQuery(db, chatId), leafId);
}

/** A new chat opening with the greeting; the alternate greetings are its siblings (swipes). It becomes the selected one. */
export async function createChat(db: Db, userId: string, character: Greetings, title = "") {
  const chatId = createId();
  const greetings = [character.greeting, ...character.alternateGreetings].filter((g) => g.trim());
  const rows = greetings.map((content, i) => ({
    id: createId(),
    chatId,
    parentId: null,
    role: "character" as const,
    content,
    createdAt: new Date(Date.now() + i),
  }));
  await db.batch([
    unselectAll(db, userId, character.id),
    countChatStarted(db, character.id),
    db.insert(savedChats).values({ id: chatId, userId, characterId: character.id, title, selected: true, leafMessageId: rows[0]?.id ?? null }),
    ...rows.map((r) => db.insert(messages).values(r)),
  ]);
  return chatId;
}

/** A chat started with the character: its count goes up once, here, rather than by counting chats on a page. */
const countChatStarted = (db: Db, characterId: string) =>
  db
    .update(characters)
    .set({ chatCount: sql`${characters.chatCount} + 1` })
    .where(eq(characters.id, characterId));

const unselectAll = (db: Db, userId: string, characterId: string) =>
  db
    .update(savedChats)
    .set({ selected: false })
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)));

const setLeaf = (db: Db, chatId: string, leafId: string | null) =>
  db.update(savedChats).set({ leafMessageId: leafId, updatedAt: new Date() }).where(eq(savedChats.id, chatId));

/**
 * The person's message and an empty `streaming` reply to it, with the reply as the chat's leaf: the
 * reply is on screen from the start, so a reload while it streams shows it. Returns the ids and the
 * write, which the caller lets run while the model starts (decision 010).
 */
export function appendExchange(db: Db, input: { chatId: string; parentId: string | null; content: string; model: string }) {
  const now = Date.now();
  const userMessage = {
    id: createId(),
    chatId: input.chatId,
    parentId: input.parentId,
    role: "user" as const,
    content: input.content,
    status: "complete" as const,
    createdAt: new Date(now),
  };
  const reply = {
    id: createId(),
    chatId: input.chatId,
    parentId: userMessage.id,
    role: "character" as const,
    content: "",
    status: "streaming" as const,
    model: input.model,
    createdAt: new Date(now + 1),
  };
  const stored = db.batch([db.insert(messages).values(userMessage), db.insert(messages).values(reply), setLeaf(db, input.chatId, reply.id)]);
  return { userMessage: { ...userMessage, error: null, model: null }, replyId: reply.id, stored };
}

/** A new character message beside `target` (one swipe away), made the leaf. */
async function insertBeside(db: Db, chatId: string, target: MessageRow, fields: { content: string; status: "streaming" | "complete"; model: string | null }) {
  const id = createId();
  await db.batch([
    db.insert(messages).values({ id, chatId, parentId: target.parentId, role: "character", createdAt: new Date(), ...fields }),
    setLeaf(db, chatId, id),
  ]);
  return id;
}

/** A new alternative reply beside `target` (a swipe), empty and `streaming`, made the leaf. */
export async function addSwipe(db: Db, input: { chatId: string; target: MessageRow; model: string }) {
  return await insertBeside(db, input.chatId, input.target, { content: "", status: "streaming", model: input.model });
}

/** Retry: a failed reply is written again in place (emptied, `streaming`), and made the leaf. */
export async function retryInPlace(db: Db, input: { chatId: string; replyId: string; model: string }) {
  await db.batch([
    db.update(messages).set({ status: "streaming", content: "", error: null, model: input.model }).where(eq(messages.id, input.replyId)),
    setLeaf(db, input.chatId, input.replyId),
  ]);
}

/** Continue: the character's finished message goes back to `streaming` while more text is appended. */
export async function reopenForContinue(db: Db, replyId: string) {
  await db.update(messages).set({ status: "streaming" }).where(eq(messages.id, replyId)).run();
}

const stillStreaming = (replyId: string) => and(eq(messages.id, replyId), eq(messages.status, "streaming"));

/** Whether a reply is still being written (Stop and deletion end that). */
export async function isStillStreaming(db: Db, replyId: string) {
  const row = await db.select({ status: messages.status }).from(messages).where(eq(messages.id, replyId)).get();
  return row?.status === "streaming";
}

/** The finished text of a reply still streaming; a reply Stop already saved keeps Stop's text. */
export async function completeReply(db: Db, replyId: string, content: string) {
  await db.update(messages).set({ content, status: "complete", error: null }).where(stillStreaming(replyId)).run();
}

/**
 * A reply whose writing failed: marked `failed` with the message for Retry (or, for Continue, left
 * complete with what it has). True when the reply was still wanted (not stopped or deleted).
 */
export async function failReply(db: Db, replyId: string, outcome: { status: "failed" | "complete"; content: string; error: string | null }) {
  const marked = await db.update(messages).set(outcome).where(stillStreaming(replyId)).returning({ id: messages.id });
  return marked.length > 0;
}

/** Stop: the reply keeps what was shown. True when it was still streaming. */
export async function stopReply(db: Db, replyId: string, content: string) {
  const stopped = await db.update(messages).set({ content, status: "complete", error: null }).where(stillStreaming(replyId)).returning({ id: messages.id });
  return stopped.length > 0;
}

/** An edited character message, as a new version beside the original (one swipe away); the chat on screen after it. */
export async function editInto(db: Db, input: { chatId: string; target: MessageRow; content: string }) {
  const id = await insertBeside(db, input.chatId, input.target, { content: input.content, status: "complete", model: input.target.model });
  return { id, messages: await screenAfter(db, input.chatId, id) };
}

/** Shows the branch through a message (a swipe or another version): its deepest tip becomes the leaf. */
export async function showBranch(db: Db, chat: { chatId: string; all: MessageRow[] }, messageId: string) {
  const leaf = deepestFrom(chat.all, messageId);
  await setLeaf(db, chat.chatId, leaf).run();
  return pathTo(chat.all, leaf);
}

/** Removes a message and its branch; the chat then shows the branch beside it, or above it. */
export async function deleteMessage(db: Db, chat: { chatId: string; all: MessageRow[] }, id: string) {
  const doomed = branchBelow(chat.all, id);
  const target = chat.all.find((m) => m.id === id)!;
  const remaining = chat.all.filter((m) => !doomed.has(m.id));
  const sibling = siblingsOf(remaining, target.parentId).at(-1);
  const leaf = sibling ? deepestFrom(remaining, sibling.id) : target.parentId;
  await db.batch([db.delete(messages).where(inArray(messages.id, [...doomed])), setLeaf(db, chat.chatId, leaf)]);
  return pathTo(remaining, leaf);
}

// Saved chats (GOLD): several chats per character, one of them selected.

export function listChats(db: Db, userId: string, characterId: string) {
  return db
    .select({
      id: savedChats.id,
      title: savedChats.title,
      selected: savedChats.selected,
      createdAt: savedChats.createdAt,
      updatedAt: savedChats.updatedAt,
      /** Its place among this user's chats with the character, oldest first: "Unnamed Chat #2". */
      // Ties within a millisecond go by insertion order (the rowid).
      ordinal: sql<number>`row_number() over (order by ${savedChats.createdAt}, saved_chats.rowid)`,
      // Written out in full: drizzle leaves a lone table's columns unqualified, and "id" would mean m.id.
      messages: sql<number>`(select count(*) from messages m where m.chat_id = saved_chats.id)`,
      lastLine: sql<string | null>`(select substr(m.content, 1, 160) from messages m where m.id = saved_chats.leaf_message_id)`,
    })
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .orderBy(desc(savedChats.createdAt), sql`saved_chats.rowid desc`)
    .all();
}

/** One of the user's chats with the character, or undefined. */
export function findChat(db: Db, userId: string, characterId: string, chatId: string) {
  return db
    .select()
    .from(savedChats)
    .where(and(eq(savedChats.id, chatId), eq(savedChats.userId, userId), eq(savedChats.characterId, characterId)))
    .get();
}

/** A new chat copying the branch on screen (statuses kept, an unfinished reply marked failed); it becomes the selected one. */
export async function copyChat(db: Db, input: { userId: string; characterId: string; title: string; from: LoadedChat }) {
  const path = pathTo(input.from.all, input.from.chat.leafMessageId);
  const chatId = createId();
  const ids = new Map(path.map((m) => [m.id, createId()]));
  const start = Date.now();
  await db.batch([
    unselectAll(db, input.userId, input.characterId),
    countChatStarted(db, input.characterId),
    db.insert(savedChats).values({
      id: chatId,
      userId: input.userId,
      characterId: input.characterId,
      title: input.title,
      selected: true,
      leafMessageId: path.length ? ids.get(path.at(-1)!.id)! : null,
    }),
    ...path.map((m, i) =>
      db.insert(messages).values({
        id: ids.get(m.id)!,
        chatId,
        parentId: m.parentId ? (ids.get(m.parentId) ?? null) : null,
        role: m.role,
        content: m.content,
        status: m.status === "streaming" ? "failed" : m.status,
        error: m.error,
        model: m.model,
        createdAt: new Date(start + i),
      }),
    ),
  ]);
  return chatId;
}

export async function selectChat(db: Db, userId: string, characterId: string, chatId: string) {
  await db.batch([unselectAll(db, userId, characterId), db.update(savedChats).set({ selected: true, updatedAt: new Date() }).where(eq(savedChats.id, chatId))]);
}

export async function renameChat(db: Db, chatId: string, title: string) {
  await db.update(savedChats).set({ title }).where(eq(savedChats.id, chatId)).run();
}

/** Deletes a saved chat (its messages go with it); when it was selected, the latest other one is selected. */
export async function deleteChat(db: Db, userId: string, chat: { id: string; characterId: string; selected: boolean }) {
  await db.delete(savedChats).where(eq(savedChats.id, chat.id)).run();
  if (!chat.selected) return;
  const next = await db
    .select({ id: savedChats.id })
    .from(savedChats)
    .where(and(eq(savedChats.userId, userId), eq(savedChats.characterId, chat.characterId)))
    .orderBy(desc(savedChats.updatedAt))
    .get();
  if (next) await db.update(savedChats).set({ selected: true }).where(eq(savedChats.id, next.id)).run();
}

/** A moderator's "delete" of a reported message: its text is replaced in its owner's chat; the replies under it keep their place. */
export const redactMessage = (db: Db, ownerId: string, messageId: string, text: string) =>
  db
    .update(messages)
    .set({ content: text })
    .where(and(eq(messages.id, messageId), inArray(messages.chatId, db.select({ id: savedChats.id }).from(savedChats).where(eq(savedChats.userId, ownerId)))));

/** A message in one of the user's chats, with its role, its text and the chat's character; undefined when it is not theirs. */
export function findOwnMessage(db: Db, userId: string, messageId: string) {
  return db
    .select({ id: messages.id, role: messages.role, content: messages.content, characterId: savedChats.characterId })
    .from(messages)
    .innerJoin(savedChats, eq(savedChats.id, messages.chatId))
    .where(and(eq(messages.id, messageId), eq(savedChats.userId, userId)))
    .get();
}
