/**
 * What a character remembers of a chat, inside the person's own object (issue 25, decision 044):
 * pinned memories, each a message the person pinned ("Remember this") or words they typed. Every
 * method is synchronous SQLite in the object's thread, so the count check and the insert of a new pin
 * are one atomic step: 20 pins at once with one place left add exactly one.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createId } from "~/db/ids";
import { RecallIndex } from "./recall";
import type { VectorIndex } from "./vectors";
import { chats, memoryPins, memorySummaries, messages, type MemoryPinRow } from "./schema";

/** A memory; `fromCharacter` when it is a line the character said, so it is recalled in its own words. */
export type MemoryPin = Pick<MemoryPinRow, "id" | "text" | "messageId"> & { fromCharacter: boolean };
/** A running summary of the chat up to `throughMessageId` (on the branches through it). */
export type MemorySummary = { throughMessageId: string; text: string };
/** Why a memory was not added: the conversation keeps as many as it may, it has no such chat or message, or the message is remembered already. */
export type PinAdded = { ok: true; id: string } | { ok: false; reason: "full" | "not_found" | "no_message" | "already" };

export class MemoryTables {
  /** Older moments of a chat called up by its last turns (issue 62). */
  readonly recall: RecallIndex;

  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly transaction: <T>(work: () => T) => T,
    /** Hybrid recall's vectors (issue 62, decision 089), when an embeddings server is configured. */
    readonly vectors: VectorIndex,
  ) {
    this.recall = new RecallIndex(db, vectors);
  }

  /** The chat's memories, oldest first. */
  pins(chatId: string): MemoryPin[] {
    return this.db
      .select({
        id: memoryPins.id,
        text: memoryPins.text,
        messageId: memoryPins.messageId,
        fromCharacter: sql<boolean>`coalesce(${messages.role} = 'character', 0)`.mapWith(Boolean),
      })
      .from(memoryPins)
      .leftJoin(messages, eq(messages.id, memoryPins.messageId))
      .where(eq(memoryPins.chatId, chatId))
      .orderBy(asc(memoryPins.createdAt), sql`${memoryPins}.rowid`)
      .all();
  }

  /**
   * A new memory in the chat: `text` as typed, or the text of the chat's message `messageId` (cut to
   * `maxChars`). Refused when the chat keeps `limit` already, when the message is not in the chat, or
   * when that message is pinned already.
   */
  pin(chatId: string, input: { text?: string; messageId?: string }, limit: number, maxChars: number): PinAdded {
    return this.transaction(() => {
      if (!this.db.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).get()) return { ok: false, reason: "not_found" };
      let text = input.text ?? "";
      if (input.messageId) {
        const message = this.db
          .select({ content: messages.content })
          .from(messages)
          .where(and(eq(messages.id, input.messageId), eq(messages.chatId, chatId)))
          .get();
        if (!message) return { ok: false, reason: "no_message" };
        const pinned = this.db
          .select({ id: memoryPins.id })
          .from(memoryPins)
          .where(and(eq(memoryPins.chatId, chatId), eq(memoryPins.messageId, input.messageId)))
          .get();
        if (pinned) return { ok: false, reason: "already" };
        text = clip(message.content, maxChars);
      }
      const [{ n }] = this.db.select({ n: count() }).from(memoryPins).where(eq(memoryPins.chatId, chatId)).all();
      if (n >= limit) return { ok: false, reason: "full" };
      const id = createId();
      this.db
        .insert(memoryPins)
        .values({ id, chatId, text, messageId: input.messageId ?? null, createdAt: new Date() })
        .run();
      return { ok: true, id };
    });
  }

  /** Changes a memory's words; false when it is not in the chat. */
  edit(chatId: string, pinId: string, text: string) {
    return (
      this.db
        .update(memoryPins)
        .set({ text })
        .where(and(eq(memoryPins.id, pinId), eq(memoryPins.chatId, chatId)))
        .returning({ id: memoryPins.id })
        .all().length > 0
    );
  }

  /** Forgets one memory; false when it is not in the chat. */
  unpin(chatId: string, pinId: string) {
    return (
      this.db
        .delete(memoryPins)
        .where(and(eq(memoryPins.id, pinId), eq(memoryPins.chatId, chatId)))
        .returning({ id: memoryPins.id })
        .all().length > 0
    );
  }

  /** The chat's running summaries, one per point they cover up to. */
  summaries(chatId: string): MemorySummary[] {
    return this.db
      .select({ throughMessageId: memorySummaries.throughMessageId, text: memorySummaries.text })
      .from(memorySummaries)
      .where(eq(memorySummaries.chatId, chatId))
      .all();
  }

  /** Whether a summary up to this message is stored already (a parallel reply may have written it). */
  hasSummary(throughMessageId: string) {
    return !!this.db.select({ id: memorySummaries.throughMessageId }).from(memorySummaries).where(eq(memorySummaries.throughMessageId, throughMessageId)).get();
  }

  /** Stores a summary up to a message of the chat (a newer one for the same point replaces it); false when the message is gone. */
  saveSummary(chatId: string, throughMessageId: string, text: string) {
    return this.transaction(() => {
      const message = this.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, throughMessageId), eq(messages.chatId, chatId)))
        .get();
      if (!message) return false;
      this.db
        .insert(memorySummaries)
        .values({ throughMessageId, chatId, text, createdAt: new Date() })
        .onConflictDoUpdate({ target: memorySummaries.throughMessageId, set: { text } })
        .run();
      return true;
    });
  }

  /** The person's edit of a summary; false when there is no such summary in the chat. */
  editSummary(chatId: string, throughMessageId: string, text: string) {
    return (
      this.db
        .update(memorySummaries)
        .set({ text })
        .where(and(eq(memorySummaries.throughMessageId, throughMessageId), eq(memorySummaries.chatId, chatId)))
        .returning({ id: memorySummaries.throughMessageId })
        .all().length > 0
    );
  }

  /** Forgets everything the chat remembers: its memories and its summaries. */
  clear(chatId: string) {
    this.db.delete(memoryPins).where(eq(memoryPins.chatId, chatId)).run();
    this.db.delete(memorySummaries).where(eq(memorySummaries.chatId, chatId)).run();
  }
}

/** A long message kept as a memory: its first `max` characters, cut at a word, with an ellipsis. */
function clip(text: string, max: number) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
