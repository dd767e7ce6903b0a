/**
 * A user's chats inside their own object (decisions 010, 027 and 030): every change to the object's
 * `chats` and `messages`, on top of what ChatReads (chat-reads.ts) reads. All of it is synchronous
 * SQLite in the object's thread, so each method is atomic on its own and two calls never interleave.
 */
import type { MemoryUsed } from "~/lib/chat/recall";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createId } from "~/db/ids";
import { pathTo, type BranchSegment } from "~/user-store/chat-tree";
import { ChatReads } from "./chat-reads";
import { chats, importedFields, memoryPins, memorySummaries, messages, type ChatRow, type MessageRow } from "./schema";

/** What the chat copies of its character when it starts, so it stays readable without it. */
export type CharacterSnapshot = { id: string; name: string; thumbnail: string | null; greetings: string[] };
/**
 * The chat on screen and its messages: all of them (the whole tree), only one branch (`branch`: the
 * one on screen, or the one through the message `through`), or the latest `window` of the branch on
 * screen with the branch's length.
 */
export type OpenedChat = { chat: ChatRow; all: MessageRow[]; branchLength?: number; started: boolean; tree?: BranchSegment[] };
/**
 * How far up one branch is read from the message a call names: the whole way to the root (by
 * default), to the running summary's point (all a reply's prompt uses: branchTo), or that many
 * messages (a voice needs the message, a picture its last few lines).
 */
export type BranchDepth = "summary" | number;
/** How many of the branch's latest messages a window holds: a number, or all of them. */
export type WindowSize = number | "all";
/** Which of a chat's messages a call reads (ChatTables.open); the whole tree when none is given. */
export type ChatRead = {
  /** The latest of the branch on screen, each with its siblings (decision 025). */
  window?: WindowSize;
  /** With `window`: the messages above this one of the branch on screen (which the window ends with), not the latest. */
  before?: string;
  /** Only one branch, not the whole tree (decision 049): the one on screen, or the one through `through`. */
  branch?: boolean;
  through?: string | null;
  /** With `branch`: how far up it is read (decisions 070 and 071); to the root by default. */
  depth?: BranchDepth;
  /**
   * The whole tree as the "All branches" view shows it (`tree`), made in the object from each
   * message's start only: a long chat's text is neither read whole nor sent to the Worker. `all` is then empty.
   */
  tree?: boolean;
};
type Outcome = { status: "failed" | "complete"; content: string; error: string | null };

/** The next of the person's own chat numbers: one more than any chat had, so a number is never reused (decision 048). */
const NEXT_NUMBER = sql`(select coalesce(max(number), 0) + 1 from chats)`;

/** The person's message as stored: finished, by nobody but them. */
export const personsMessage = (m: { id: string; chatId: string; parentId: string | null; content: string; at: number }): MessageRow => ({
  id: m.id,
  chatId: m.chatId,
  parentId: m.parentId,
  role: "user",
  content: m.content,
  status: "complete",
  error: null,
  model: null,
  speakerId: null,
  stopped: false,
  interrupted: false,
  memory: null,
  createdAt: new Date(m.at),
});

export class ChatTables extends ChatReads {
  constructor(
    db: DrizzleSqliteDODatabase,
    private readonly transaction: <T>(work: () => T) => T,
  ) {
    super(db);
  }

  private setLeaf(chatId: string, leafId: string | null) {
    this.db.update(chats).set({ leafMessageId: leafId, updatedAt: new Date() }).where(eq(chats.id, chatId)).run();
  }

  private unselectAll(characterId: string) {
    this.db.update(chats).set({ selected: false }).where(eq(chats.characterId, characterId)).run();
  }

  /**
   * The chat on screen with the character, opened with the greeting the first time (`started` then
   * says so, and the caller counts it); with `window`, only the latest messages of its branch.
   */
  open(character: CharacterSnapshot, options: ChatRead & { create?: boolean } = {}): OpenedChat | null {
    let chat = this.onScreen(character.id);
    let started = false;
    if (!chat) {
      if (options.create === false) return null;
      chat = this.db
        .select()
        .from(chats)
        .where(eq(chats.id, this.create(character)))
        .get()!;
      started = true;
    }
    // A message named that is not in the chat reads the branch on screen (the caller answers 404 or 400);
    // a leaf that is gone (never expected) falls back to the whole chat, whose newest branch pathTo takes.
    // `depth` reads less of it: to the running summary's point, or the last few messages.
    const branch = (from: string | null) => {
      if (options.depth !== "summary") return this.branch(chat, from, options.depth);
      const rows = from ? this.branchTo(chat.id, from) : [];
      return rows.length ? rows : null;
    };
    if (options.tree) return { chat, all: [], tree: this.tree(chat), started };
    if (options.branch && !options.window)
      return { chat, all: (options.through && branch(options.through)) || branch(chat.leafMessageId) || this.all(chat.id), started };
    if (!options.window) return { chat, all: this.all(chat.id), started };
    // With `before`, the messages above one the screen shows (the earlier ones it loads): it and that many above it.
    const size = options.window === "all" ? undefined : options.window + (options.before ? 1 : 0);
    const { rows, branchLength } = this.window(chat, size, options.before ?? chat.leafMessageId);
    return { chat, all: rows, branchLength, started };
  }

  /** A new chat row, the selected one with its character, keeping the character's name and thumbnail (run inside a transaction). */
  insertSelected(character: CharacterSnapshot, chatId: string, title: string, leafMessageId: string | null) {
    this.unselectAll(character.id);
    this.db
      .insert(chats)
      .values({
        id: chatId,
        characterId: character.id,
        title,
        selected: true,
        leafMessageId,
        characterName: character.name,
        characterThumbnail: character.thumbnail,
        number: NEXT_NUMBER,
      })
      .run();
  }

  /** A new chat opening with the greetings (the alternates are its siblings); it becomes the selected one. */
  create(character: CharacterSnapshot, title = "") {
    const chatId = createId();
    const now = Date.now();
    const rows = character.greetings
      .filter((g) => g.trim())
      .map((content, i) => ({ id: createId(), chatId, parentId: null, role: "character" as const, content, createdAt: new Date(now + i) }));
    this.transaction(() => {
      this.insertSelected(character, chatId, title, rows[0]?.id ?? null);
      for (const row of rows) this.db.insert(messages).values(row).run();
    });
    return chatId;
  }

  /** A new chat copying the branch on screen of `fromChatId` (an unfinished reply marked failed); it becomes the selected one. */
  copy(character: CharacterSnapshot, title: string, fromChatId: string) {
    const from = this.db.select().from(chats).where(eq(chats.id, fromChatId)).get();
    if (!from) return null;
    const path = pathTo(this.all(from.id), from.leafMessageId);
    const chatId = createId();
    const ids = new Map(path.map((m) => [m.id, createId()]));
    const start = Date.now();
    this.transaction(() => {
      this.insertSelected(character, chatId, title, path.length ? ids.get(path.at(-1)!.id)! : null);
      path.forEach((m, i) =>
        this.db
          .insert(messages)
          .values({
            id: ids.get(m.id)!,
            chatId,
            parentId: m.parentId ? (ids.get(m.parentId) ?? null) : null,
            role: m.role,
            content: m.content,
            status: m.status === "streaming" ? "failed" : m.status,
            error: m.error,
            model: m.model,
            createdAt: new Date(start + i),
          })
          .run(),
      );
      // What an imported file held goes with the copy, so it exports the same.
      const kept = this.db.select().from(importedFields).where(eq(importedFields.chatId, from.id)).all();
      for (const row of kept) {
        const id = row.id === from.id ? chatId : ids.get(row.id);
        if (id) this.db.insert(importedFields).values({ id, chatId, fields: row.fields }).run();
      }
    });
    return chatId;
  }

  /**
   * The person's message and an empty `streaming` reply to it, with the reply as the chat's leaf: the
   * reply is on screen from the start, so a reload while it streams shows it. `parentId` undefined
   * means the chat's leaf as it is now, read in the same step: two sends at once (two tabs) land one
   * after the other instead of splitting the chat. Answers the branch up to the new message, for the
   * prompt (from its running summary's point: branchTo); null when the parent is not in this chat.
   */
  appendExchange(input: { chatId: string; parentId?: string | null; content: string; model: string }) {
    const now = Date.now();
    const userId = createId();
    const replyId = createId();
    return this.transaction(() => {
      const chat = this.db.select({ leaf: chats.leafMessageId }).from(chats).where(eq(chats.id, input.chatId)).get();
      if (!chat) return null;
      const parentId = input.parentId === undefined ? chat.leaf : input.parentId;
      if (parentId && this.message(parentId)?.chatId !== input.chatId) return null;
      const userMessage = personsMessage({ id: userId, chatId: input.chatId, parentId, content: input.content, at: now });
      this.db.insert(messages).values(userMessage).run();
      this.db
        .insert(messages)
        .values({
          id: replyId,
          chatId: input.chatId,
          parentId: userId,
          role: "character",
          content: "",
          status: "streaming",
          model: input.model,
          createdAt: new Date(now + 1),
        })
        .run();
      this.setLeaf(input.chatId, replyId);
      return { userMessage, replyId, branch: this.branchTo(input.chatId, userId) };
    });
  }

  /** A new character message beside `targetId` (one swipe away), made the leaf. */
  private insertBeside(chatId: string, targetId: string, fields: { content: string; status: "streaming" | "complete"; model?: string | null }) {
    const target = this.message(targetId);
    if (!target || target.chatId !== chatId) return null;
    const id = createId();
    // The new version comes after every other, even one an imported file dated ahead of this clock.
    const newest = this.db
      .select({ at: sql<number | null>`max(${messages.createdAt})` })
      .from(messages)
      .where(sql`${messages.chatId} = ${chatId} and ${messages.parentId} is ${target.parentId}`)
      .get()?.at;
    this.transaction(() => {
      this.db
        .insert(messages)
        .values({
          id,
          chatId,
          parentId: target.parentId,
          role: "character",
          // A group's swipe or edit is by the same member (decision 051).
          speakerId: target.speakerId,
          createdAt: new Date(Math.max(Date.now(), (newest ?? 0) + 1)),
          ...fields,
          model: fields.model === undefined ? target.model : fields.model,
        })
        .run();
      this.setLeaf(chatId, id);
    });
    return id;
  }

  /** A new alternative reply beside the target (a swipe), empty and `streaming`, made the leaf. */
  addSwipe(chatId: string, targetId: string, model: string) {
    return this.insertBeside(chatId, targetId, { content: "", status: "streaming", model });
  }

  /** Retry: a failed reply is written again in place (emptied, `streaming`), and made the leaf. */
  retryInPlace(chatId: string, replyId: string, model: string) {
    this.transaction(() => {
      this.db.update(messages).set({ status: "streaming", content: "", error: null, model }).where(eq(messages.id, replyId)).run();
      this.setLeaf(chatId, replyId);
    });
  }

  /** Continue: the character's finished message goes back to `streaming` while more text is appended. */
  reopenForContinue(replyId: string) {
    this.db.update(messages).set({ status: "streaming", stopped: false, interrupted: false }).where(eq(messages.id, replyId)).run();
  }

  private whileStreaming(replyId: string, change: Partial<MessageRow>) {
    return (
      this.db
        .update(messages)
        .set(change)
        .where(and(eq(messages.id, replyId), eq(messages.status, "streaming")))
        .returning({ id: messages.id })
        .all().length > 0
    );
  }

  /** The text so far of a reply still being written, so a reload or another device shows it; false once it has ended. */
  saveProgress(replyId: string, content: string) {
    return this.whileStreaming(replyId, { content });
  }

  /** The finished text of a reply still streaming; a reply Stop already saved keeps Stop's text. */
  completeReply(replyId: string, content: string) {
    return this.whileStreaming(replyId, { content, status: "complete", error: null });
  }

  /** A reply whose writing failed (or, for Continue, ended with what it has); true when it was still wanted. */
  failReply(replyId: string, outcome: Outcome) {
    return this.whileStreaming(replyId, outcome);
  }

  /** What the reply's prompt was written with (issue 62): "What it remembered". */
  recordUsed(replyId: string, used: MemoryUsed) {
    this.db.update(messages).set({ memory: used }).where(eq(messages.id, replyId)).run();
  }

  /** Stop: the reply keeps what was shown (in a call, what was heard before the person spoke over it: `interrupted`), marked as stopped. True when it was still streaming. */
  stopReply(replyId: string, content: string, interrupted = false) {
    return this.whileStreaming(replyId, { content, status: "complete", error: null, stopped: true, interrupted });
  }

  /**
   * A finished reply the person spoke over in a call (issue 63): it keeps `kept` (the start of its
   * text they heard, `heard`, made well-formed), only when `heard` is the start of what it says.
   */
  interruptReply(replyId: string, heard: string, kept: string) {
    return (
      this.db
        .update(messages)
        .set({ content: kept, stopped: true, interrupted: true })
        .where(
          and(
            eq(messages.id, replyId),
            eq(messages.status, "complete"),
            sql`length(${heard}) > 0 and length(${heard}) < length(${messages.content}) and substr(${messages.content}, 1, length(${heard})) = ${heard}`,
          ),
        )
        .returning({ id: messages.id })
        .all().length > 0
    );
  }

  /** An edited character message, as a new version beside the original (one swipe away); the latest of the chat on screen after it. */
  editInto(chatId: string, targetId: string, content: string, size: number) {
    const id = this.insertBeside(chatId, targetId, { content, status: "complete" });
    return id ? { id, ...this.latest(chatId, size, id) } : null;
  }

  /**
   * Shows the branch through a message (a swipe or another version): its deepest tip becomes the leaf.
   * Answers the latest of the chat on screen after it, down from the message's parent at least; null
   * when the message is not in the chat.
   */
  showBranch(chatId: string, messageId: string, size: number) {
    const target = this.message(messageId);
    if (!target || target.chatId !== chatId) return null;
    this.setLeaf(chatId, this.tipFrom(messageId));
    return this.latest(chatId, size, target.parentId ?? messageId);
  }

  /** The deepest message below this one, found by SQLite walking down the newest replies; the message itself when none follow it. */
  private tipFrom(messageId: string) {
    const tip = this.db.get<{ id: string }>(sql`with recursive down(id, depth) as (
        select ${messageId}, 0
        union all select (select c.id from messages c where c.parent_id = down.id order by c.created_at desc, c.id desc limit 1), down.depth + 1
          from down where down.id is not null
      ) select id from down where id is not null order by depth desc limit 1`);
    return tip?.id ?? messageId;
  }

  /**
   * Removes a message and its branch; the chat then shows the newest branch beside it, or the one
   * above it (the latest of it, down from the parent). With `keepGreeting`, the chat's last greeting
   * stays ("only_greeting"): decided here, so two deletes at once cannot take the last two. Null when
   * the message is not in the chat. SQLite finds the branch below and the tip beside, so a long chat's
   * tree is never read whole.
   */
  deleteMessage(chatId: string, id: string, size: number, keepGreeting = false) {
    const target = this.message(id);
    if (!target || target.chatId !== chatId) return null;
    if (keepGreeting && !target.parentId && target.role === "character") {
      const roots = this.db.get<{ n: number }>(sql`select count(*) as n from messages where chat_id = ${chatId} and parent_id is null`);
      if ((roots?.n ?? 0) <= 1) return "only_greeting" as const;
    }
    const sibling = this.db
      .select({ id: messages.id })
      .from(messages)
      .where(sql`${messages.chatId} = ${chatId} and ${messages.parentId} is ${target.parentId} and ${messages.id} != ${id}`)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .get();
    const leaf = sibling ? this.tipFrom(sibling.id) : target.parentId;
    // The branch found by SQLite walking down from the message: one bound value however long it is
    // (a Durable Object's statement takes at most 100).
    const below = sql`(with recursive down(id) as (
      select ${id} union all select m.id from messages m join down on m.parent_id = down.id) select id from down)`;
    this.transaction(() => {
      this.db
        .delete(importedFields)
        .where(sql`${importedFields.id} in ${below}`)
        .run();
      this.db
        .delete(messages)
        .where(sql`${messages.id} in ${below}`)
        .run();
      this.setLeaf(chatId, leaf);
    });
    return this.latest(chatId, size, target.parentId ?? leaf);
  }

  select(characterId: string, chatId: string) {
    this.transaction(() => {
      this.unselectAll(characterId);
      this.db.update(chats).set({ selected: true, updatedAt: new Date() }).where(eq(chats.id, chatId)).run();
    });
  }

  rename(chatId: string, title: string) {
    this.db.update(chats).set({ title }).where(eq(chats.id, chatId)).run();
  }

  /** Deletes a chat and its messages; when it was selected, the latest other one is selected. */
  delete(characterId: string, chatId: string) {
    this.transaction(() => {
      const chat = this.find(characterId, chatId);
      if (!chat) return;
      this.db.delete(memoryPins).where(eq(memoryPins.chatId, chatId)).run();
      this.db.delete(memorySummaries).where(eq(memorySummaries.chatId, chatId)).run();
      this.db.delete(importedFields).where(eq(importedFields.chatId, chatId)).run();
      this.db.delete(messages).where(eq(messages.chatId, chatId)).run();
      this.db.delete(chats).where(eq(chats.id, chatId)).run();
      if (!chat.selected) return;
      const next = this.db.select({ id: chats.id }).from(chats).where(eq(chats.characterId, characterId)).orderBy(desc(chats.updatedAt)).get();
      if (next) this.db.update(chats).set({ selected: true }).where(eq(chats.id, next.id)).run();
    });
  }

  /** A moderator's "delete": the message's text is replaced; the replies under it keep their place. True when it was here. */
  redact(messageId: string, text: string) {
    // A memory pinned from it goes too: the character must not remember what a moderator removed.
    this.db.delete(memoryPins).where(eq(memoryPins.messageId, messageId)).run();
    return this.db.update(messages).set({ content: text }).where(eq(messages.id, messageId)).returning({ id: messages.id }).all().length > 0;
  }

  /**
   * Seeded rows (UserStore.takeRows), insert or ignore (what the object has wins); each new chat gets
   * the next number. Answers the ids of the chats that are new and how many messages are.
   */
  insertRows(chatRows: Omit<ChatRow, "number">[], messageRows: Omit<MessageRow, "speakerId" | "stopped" | "interrupted" | "memory">[]) {
    const newChats: string[] = [];
    let messageCount = 0;
    for (const row of chatRows) {
      const added = this.db
        .insert(chats)
        .values({ ...row, number: NEXT_NUMBER })
        .onConflictDoNothing()
        .returning({ id: chats.id })
        .get();
      if (added) newChats.push(added.id);
    }
    for (const row of messageRows) messageCount += this.db.insert(messages).values(row).onConflictDoNothing().returning({ id: messages.id }).get() ? 1 : 0;
    return { chats: newChats.length, messages: messageCount, newChats };
  }
}
