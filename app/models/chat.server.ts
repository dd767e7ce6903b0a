/**
 * Chats: the one door to them (decisions 010, 013 and 030). A person's chats and messages live in
 * their own Durable Object (app/user-store/chats.ts); the character they are with lives in D1.
 * Routes and the reply stream call these functions by what they do and never learn where a chat is
 * stored. The tree's shape is chat-tree.ts.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, characterTags, dailyCharacterChats, hourlyCharacterChats, tags } from "~/db/schema";
import { hourOf } from "./trending.server";
import { dayKey } from "~/lib/day-key";
import { canViewCharacter } from "~/lib/auth/capabilities";
import { accountSelfQuery, personasQuery } from "./persona.server";
import type { CharacterSnapshot, ChatRead } from "~/user-store/chats";
import type { ReplyBegun, ReplyJob, ReplyStep, SendRefusal, StepRefusal } from "~/user-store/replies";
import type { ImportedChat } from "~/lib/chat/sillytavern";
import type { RecipeBase } from "~/user-store/reply-plan";
import type { Config } from "~/lib/config.server";
import type { AllowanceConfig, AllowanceState } from "~/user-store/allowances";
import type { MemoryPin, MemorySummary } from "~/user-store/memory";
import type { ChatRow, ChatSettingsRow } from "~/user-store/schema";
import { PAGE_MESSAGES, type BranchSegment, type MessageRow } from "~/user-store/chat-tree";
import { oneCall, userStore } from "./user-store.server";
import type { Screened, ScreenedText } from "~/lib/safety/screened";

type Viewer = { id: string; isModerator: boolean };
/** Whose chats: the user's id, and the bindings that reach their object. */
export type ChatOwner = { env: Pick<Env, "USER_STORE">; userId: string };

/** The owner's chats, inside their object (its typed door; each change there tells the pages open on that chat). */
const chats = (owner: ChatOwner) => oneCall(userStore(owner.env, owner.userId).chats(owner.userId));

/**
 * Opens a page's live updates of the owner's chat with a character (a WebSocket upgrade, decision
 * 039): the object answers 101 and tells the socket of every change to that chat from then on.
 */
export function openLive(owner: ChatOwner, characterId: string, session: { id: string; expiresAt: number }) {
  return userStore(owner.env, owner.userId).fetch(
    new Request("https://user-store/live", {
      headers: {
        Upgrade: "websocket",
        "X-Owner": owner.userId,
        "X-Character-Id": characterId,
        "X-Session-Id": session.id,
        "X-Session-Expires": String(session.expiresAt),
      },
    }),
  );
}

/**
 * Ends what sessions of the owner's hold open in their object (issue 58): their live sockets close
 * with SESSION_ENDED and their streams stop. `"all"` for every session (a ban, a deletion).
 */
export async function endSessionsInStore(owner: ChatOwner, sessions: string[] | "all") {
  if (Array.isArray(sessions) && !sessions.length) return 0;
  return await userStore(owner.env, owner.userId).endSessions(owner.userId, sessions);
}

/** A stream a session holds open (a story turn's events), carried through the owner's object so that session's end cuts it (issue 58). */
export async function relayForSession(owner: ChatOwner, sessionId: string | undefined, stream: ReadableStream<Uint8Array>) {
  if (!sessionId) return stream;
  return await userStore(owner.env, owner.userId).relay(owner.userId, sessionId, stream);
}

/**
 * A send, in one call to the person's object (decision 067): it opens the chat on screen with the
 * character (with its greeting, when there is none yet), stores the person's message and an empty
 * `streaming` reply (the reply is on screen from the start, so a reload while it streams shows it)
 * after `parentId` or, when it is undefined, after the chat's leaf as it is when the object runs the
 * call (two sends at once land one after the other), takes one message from the allowance when
 * `allowance` is given, completes the recipe with the chat's settings and memory, and starts writing
 * the reply. The stream of its events for the page that asked, or why nothing was stored.
 */
export async function sendInStore(
  db: Db,
  owner: ChatOwner,
  character: ChatCharacter,
  message: { parentId?: string | null; content: ScreenedText },
  base: RecipeBase,
  allowance: AllowanceConfig | null,
  text: Config["text"],
  sessionId?: string,
): Promise<ReadableStream<Uint8Array> | SendRefusal> {
  const sent = await userStore(owner.env, owner.userId).send(owner.userId, { character: snapshotOf(character), message, base, allowance, text, sessionId });
  if ("refused" in sent) return sent;
  if (sent.started) await countChatStarted(db, character.id);
  return sent.stream;
}

/**
 * The step a Regenerate or Continue takes before its reply (issue 58), decided in the owner's object in
 * one transaction: a message taken from the allowance (when `allowance` is given), then the message
 * checked and changed. The reply's message and the reservation, or why nothing was taken.
 */
export function beginReplyInStore(owner: ChatOwner, step: ReplyStep, allowance: AllowanceConfig | null): Promise<ReplyBegun | StepRefusal> {
  return userStore(owner.env, owner.userId).beginReply(owner.userId, step, allowance);
}

/** Writes a reply in the owner's object (decision 040); the stream of its events for the page that asked. */
export function writeReplyInStore(owner: ChatOwner, job: ReplyJob, text: Config["text"], sessionId?: string) {
  return userStore(owner.env, owner.userId).reply(owner.userId, job, text, sessionId);
}

/** "Summarise now" (issue 62): the owner's object brings the running summary up to the job's point; whether one is there now. */
export function summarizeInStore(owner: ChatOwner, job: ReplyJob, text: Config["text"]) {
  return userStore(owner.env, owner.userId).summarize(owner.userId, job, text);
}

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

/** What a chat keeps of its character: enough to open it with the greetings and to say who it was with later. */
export const snapshotOf = (character: Pick<ChatCharacter, "id" | "name" | "thumbnail" | "greeting" | "alternateGreetings">): CharacterSnapshot => ({
  id: character.id,
  name: character.name,
  thumbnail: character.thumbnail,
  greetings: [character.greeting, ...character.alternateGreetings],
});

type Extra = Parameters<Db["batch"]>[0][number];
/** What loadChat reads: whose view, which character, which of the chat's messages (ChatRead), and what else. */
export type LoadChatInput = {
  viewer: Viewer | null;
  characterId: string;
  open?: boolean;
  extra?: Extra[];
  allowance?: AllowanceConfig | null;
} & ChatRead;

/**
 * A character the viewer may see, with its tags, and the results of whatever `extra` statements the
 * caller needs (personas, preferences...), in one D1 batch. Null when there is no such character for
 * this viewer.
 */
export async function chatCharacter(db: Db, viewer: Viewer | null, characterId: string, extra: Extra[] = []) {
  return chatCharacterOf(viewer, await batchOf(db, [...characterQueries(db, characterId), ...extra]));
}

const batchOf = async (db: Db, statements: readonly unknown[]) =>
  (await db.batch(statements as unknown as Parameters<Db["batch"]>[0])) as unknown as unknown[][];

/** A send's character, with the person's personas and profile after it (`sendStatements`), in one D1 batch. */
export async function sendCharacter(db: Db, viewer: Viewer, characterId: string) {
  return chatCharacterOf(viewer, await batchOf(db, sendStatements(db, characterId, viewer.id)));
}

/**
 * The statements of a send's one D1 batch (decision 067): the character and its tags, then the
 * personas and the profile of the person `who` names, by their id, or by the subquery that finds them
 * from the session when the batch rides with the session's own statement (decision 073).
 */
export const sendStatements = (db: Db, characterId: string, who: string | SQL) => [
  ...characterQueries(db, characterId),
  personasQuery(db, who),
  accountSelfQuery(db, who),
];

/** `chatCharacter`'s answer from its batch's results: the character first, its tags, then the extra statements' rows. */
export function chatCharacterOf(viewer: Viewer | null, results: unknown[][]) {
  const [characterRows, tagRows] = results as [(typeof characters.$inferSelect)[], { name: string }[]];
  const row = characterRows[0];
  if (!row || !canViewCharacter(viewer, row)) return null;
  return {
    character: toChatCharacter(
      row,
      tagRows.map((t) => t.name),
    ),
    extra: results.slice(2),
  };
}

/**
 * A character the viewer may see and, for a signed-in viewer, the chat on screen with it (opened with
 * the greeting the first time; `open: false` leaves chats alone), their settings for it and, when
 * `allowance` is given, their message allowance. The character (with whatever `extra` statements the
 * caller needs: personas, preferences...) is one D1 batch, and the rest one call to the viewer's
 * object, side by side. Null when there is no such character for this viewer.
 */
export async function loadChat(
  { db, env }: { db: Db; env: Pick<Env, "USER_STORE"> },
  input: LoadChatInput,
): Promise<{
  character: ChatCharacter;
  chat: ChatRow | null;
  all: MessageRow[];
  extra: unknown[][];
  branchLength?: number;
  settings: ChatSettingsRow | undefined;
  allowance: AllowanceState | null;
  /** What the character remembers of the chat on screen (issue 25); empty for a chat opened just now. */
  memory: MemoryPin[];
  /** The chat's running summaries (issue 25): the one on a branch covers it up to its message. */
  summaries: MemorySummary[];
  /** With `tree`, the "All branches" view as the object made it (then `all` is empty); absent for a chat opened just now. */
  tree?: BranchSegment[];
} | null> {
  const { viewer, characterId } = input;
  const open = !!viewer && input.open !== false;
  const owner = viewer ? { env, userId: viewer.id } : null;
  const [found, view] = await Promise.all([
    chatCharacter(db, viewer, characterId, input.extra),
    owner
      ? userStore(env, owner.userId).chatView(owner.userId, characterId, {
          chat: open,
          window: input.window,
          before: input.before,
          branch: input.branch,
          through: input.through,
          depth: input.depth,
          tree: input.tree,
          allowance: input.allowance,
        })
      : null,
  ]);
  if (!found) return null;
  const { character, extra } = found;
  const kept = { settings: view?.settings ?? undefined, allowance: view?.allowance ?? null, memory: view?.memory ?? [], summaries: view?.summaries ?? [] };
  if (!open || !owner) return { character, chat: null, all: [], extra, ...kept };
  const opened = view?.opened ?? (await chats(owner).open(snapshotOf(character), { window: input.window, branch: input.branch }));
  if (opened?.started) await countChatStarted(db, character.id);
  if (!opened) return { character, chat: null, all: [], extra, ...kept };
  return { character, chat: opened.chat, all: opened.all, extra, branchLength: opened.branchLength, tree: opened.tree, ...kept };
}
export type LoadedChat = NonNullable<Awaited<ReturnType<typeof loadChat>>> & { chat: ChatRow };

/**
 * A chat started with the character: its count goes up once, here, rather than by counting chats on a
 * page, and so do the day's count behind the admin's top characters (decision 028) and the hour's
 * behind Trending (issue 64).
 */
async function countChatStarted(db: Db, characterId: string) {
  await db.batch([
    db
      .update(characters)
      .set({ chatCount: sql`${characters.chatCount} + 1` })
      .where(eq(characters.id, characterId)),
    db
      .insert(dailyCharacterChats)
      .values({ day: dayKey(Date.now()), characterId, chats: 1 })
      .onConflictDoUpdate({ target: [dailyCharacterChats.day, dailyCharacterChats.characterId], set: { chats: sql`${dailyCharacterChats.chats} + 1` } }),
    // Its hour, for Trending (issue 64).
    db
      .insert(hourlyCharacterChats)
      .values({ characterId, hour: hourOf(Date.now()), chats: 1 })
      .onConflictDoUpdate({ target: [hourlyCharacterChats.characterId, hourlyCharacterChats.hour], set: { chats: sql`${hourlyCharacterChats.chats} + 1` } }),
  ]);
}

/**
 * The chat on screen with a character the viewer can no longer see (deleted, or made private): it is
 * theirs, kept to read. Null when they never chatted with it.
 */
export const keptChat = (owner: ChatOwner, characterId: string, read: ChatRead) =>
  chats(owner).open({ id: characterId, name: "", thumbnail: null, greetings: [] }, { ...read, create: false });

/** The chat's messages now (after a write), as the screen shows them from `leafId`. */
export const screenAfter = (owner: ChatOwner, chatId: string, leafId: string | null) => chats(owner).screen(chatId, leafId);

/** A new chat opening with the greeting (GOLD's saved chats); it becomes the selected one. */
export async function createChat(db: Db, owner: ChatOwner, character: ChatCharacter, title: ScreenedText | "" = "") {
  const chatId = await chats(owner).create(snapshotOf(character), title);
  await countChatStarted(db, character.id);
  return chatId;
}

/** A new chat copying the branch on screen of `fromChatId`; it becomes the selected one. */
export async function copyChat(db: Db, owner: ChatOwner, input: { character: ChatCharacter; title: ScreenedText; fromChatId: string }) {
  const chatId = await chats(owner).copy(snapshotOf(input.character), input.title, input.fromChatId);
  if (chatId) await countChatStarted(db, input.character.id);
  return chatId;
}

/** A new alternative reply beside `target` (a swipe), empty and `streaming`, made the leaf. */
export const addSwipe = (owner: ChatOwner, input: { chatId: string; target: Pick<MessageRow, "id">; model: string }) =>
  chats(owner).addSwipe(input.chatId, input.target.id, input.model);

/** Retry: a failed reply is written again in place (emptied, `streaming`), and made the leaf. */
export const retryInPlace = (owner: ChatOwner, input: { chatId: string; replyId: string; model: string }) =>
  chats(owner).retryInPlace(input.chatId, input.replyId, input.model);

/** Continue: the character's finished message goes back to `streaming` while more text is appended. */
export const reopenForContinue = (owner: ChatOwner, replyId: string) => chats(owner).reopenForContinue(replyId);

/**
 * A reply whose writing failed: marked `failed` with the message for Retry (or, for Continue, left
 * complete with what it has). True when the reply was still wanted (not stopped or deleted).
 */
export const failReply = (owner: ChatOwner, replyId: string, outcome: { status: "failed" | "complete"; content: ScreenedText | ""; error: string | null }) =>
  chats(owner).failReply(replyId, outcome);

/** Stop: the reply keeps what was shown. True when it was still streaming. */
/** A finished reply spoken over in a call keeps the start the person heard (issue 63). */
export const interruptReply = (owner: ChatOwner, replyId: string, heard: string, kept: ScreenedText) => chats(owner).interruptReply(replyId, heard, kept);
export const stopReply = (owner: ChatOwner, replyId: string, content: ScreenedText, interrupted = false) =>
  chats(owner).stopReply(replyId, content, interrupted);

/** An edited character message, as a new version beside the original (one swipe away); the latest of the chat on screen after it (decision 072). */
export async function editInto(owner: ChatOwner, input: { chatId: string; target: Pick<MessageRow, "id">; content: ScreenedText }) {
  return (await chats(owner).editInto(input.chatId, input.target.id, input.content, PAGE_MESSAGES))!;
}

/**
 * Shows the branch through a message (a swipe or another version): its deepest tip becomes the leaf.
 * The latest of the chat on screen after it (decision 072); null when the message is not in the chat.
 */
export const showBranch = (owner: ChatOwner, chatId: string, messageId: string) => chats(owner).showBranch(chatId, messageId, PAGE_MESSAGES);

/**
 * Removes a message and its branch; the chat then shows the branch beside it, or above it (the latest
 * of it, decision 072). With `keepGreeting` (a chat with a character), its last greeting stays:
 * "only_greeting" then; null when the message is not in the chat.
 */
export const deleteMessage = (owner: ChatOwner, chatId: string, id: string, keepGreeting = false) =>
  chats(owner).deleteMessage(chatId, id, PAGE_MESSAGES, keepGreeting);

// Saved chats (GOLD): several chats per character, one of them selected.

export const listChats = (owner: ChatOwner, characterId: string) => chats(owner).list(characterId);

/** One of the user's chats with the character, or undefined. */
export const findChat = (owner: ChatOwner, characterId: string, chatId: string) => chats(owner).find(characterId, chatId);

export const selectChat = (owner: ChatOwner, characterId: string, chatId: string) => chats(owner).select(characterId, chatId);

export const renameChat = (owner: ChatOwner, chatId: string, title: ScreenedText) => chats(owner).rename(chatId, title);

/** Deletes a saved chat (its messages go with it); when it was selected, the latest other one is selected. */
export const deleteChat = (owner: ChatOwner, characterId: string, chatId: string) => chats(owner).delete(characterId, chatId);

/** A moderator's "delete" of a reported message: its text is replaced in its owner's chat; the replies under it keep their place. */
export const redactMessage = (owner: ChatOwner, messageId: string, text: string) => chats(owner).redact(messageId, text);

/** A message in one of the user's chats, with its role, its text and the chat's character; undefined when it is not theirs. */
export const findOwnMessage = (owner: ChatOwner, messageId: string) => chats(owner).findMessage(messageId);

/** Messages of the owner's chat by id, oldest first (what a reply recalled, issue 62). */
export const messagesIn = (owner: ChatOwner, chatId: string, ids: string[]) => chats(owner).messagesIn(chatId, ids);

/** The characters the user chatted with lately, latest first. */
export const recentChatCharacters = (owner: ChatOwner, limit: number) => chats(owner).recentCharacters(limit);

/** The characters the user chats with, latest first, with the name their chat keeps. */
export const recentChats = (owner: ChatOwner, limit: number) => chats(owner).recentChats(limit);

// Chat files (decision 046): SillyTavern's .jsonl in and out.

/** An imported chat file, made the chat on screen with the character (the one before stays as a saved chat); it counts as a chat started. */
export async function importChat(db: Db, owner: ChatOwner, character: ChatCharacter, title: ScreenedText, file: Screened<ImportedChat>) {
  const imported = await chats(owner).importFile(snapshotOf(character), title, file);
  await countChatStarted(db, character.id);
  return imported;
}

/** The branch on screen of the owner's chat with a character (or of one of their chats with it), for a file; null when there is none. */
export const exportChat = (owner: ChatOwner, characterId: string, chatId?: string) => chats(owner).exportFile(characterId, chatId);
