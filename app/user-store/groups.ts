/**
 * A person's group chats inside their object (issue 26, decision 051). A group is a row of `groups`;
 * its conversation is a row of `chats` whose character is `group:<id>`, so the chat tables' swipes,
 * branches, edits, Stop and live updates work on it unchanged. Synchronous SQLite: each method is atomic.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createId } from "~/db/ids";
import type { GroupMode } from "~/spec/groups";
import { personsMessage, type ChatTables, type OpenedChat, type WindowSize } from "./chats";
import type { MemoryPin, MemorySummary, MemoryTables } from "./memory";
import { chats, groups, messages, type GroupMember, type GroupRow, type MessageRow } from "./schema";

/** The key of a group's conversation among the chats (and of the pages listening to it). */
export const groupChatKey = (groupId: string) => `group:${groupId}`;

export type GroupChange = Partial<Pick<GroupRow, "name" | "scenario" | "mode" | "members">>;
export type GroupListItem = Pick<GroupRow, "id" | "name" | "mode" | "members" | "updatedAt"> & { lastLine: string | null; lastSpeakerId: string | null };

export class GroupTables {
  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly transaction: <T>(work: () => T) => T,
    private readonly chatTables: ChatTables,
    private readonly memory: MemoryTables,
  ) {}

  /**
   * A new group whose conversation opens with `greeting` (a member's, issue 61; none: an empty room);
   * `{ limit }` when the person already keeps `max` groups (decided in this one step).
   */
  create(
    input: { name: string; scenario: string; members: GroupMember[]; greeting?: { speakerId: string; content: string } | null },
    max: number,
  ): { id: string } | { limit: number } {
    return this.transaction(() => {
      const count =
        this.db
          .select({ n: sql<number>`count(*)` })
          .from(groups)
          .get()?.n ?? 0;
      if (count >= max) return { limit: max };
      const id = createId();
      const chatId = createId();
      // A group's conversation takes no chat number: those count the person's chats with characters.
      this.db
        .insert(chats)
        .values({ id: chatId, characterId: groupChatKey(id), title: input.name, selected: true, characterName: input.name })
        .run();
      this.db.insert(groups).values({ id, chatId, name: input.name, scenario: input.scenario, members: input.members }).run();
      if (input.greeting) {
        const greetingId = createId();
        this.db
          .insert(messages)
          .values({
            id: greetingId,
            chatId,
            parentId: null,
            role: "character",
            content: input.greeting.content,
            speakerId: input.greeting.speakerId,
            createdAt: new Date(),
          })
          .run();
        this.db.update(chats).set({ leafMessageId: greetingId }).where(eq(chats.id, chatId)).run();
      }
      return { id };
    });
  }

  /** The person's groups, the latest talked in first, each with its last line and who said it. */
  list(): GroupListItem[] {
    return this.db
      .select({
        id: groups.id,
        name: groups.name,
        mode: groups.mode,
        members: groups.members,
        updatedAt: groups.updatedAt,
        // Written out whole: drizzle leaves a column unqualified inside a subquery, where "chat_id" would be the message's.
        lastLine: sql<string | null>`(select substr(m.content, 1, 160) from messages m join chats c on c.leaf_message_id = m.id where c.id = groups.chat_id)`,
        lastSpeakerId: sql<string | null>`(select m.speaker_id from messages m join chats c on c.leaf_message_id = m.id where c.id = groups.chat_id)`,
      })
      .from(groups)
      .orderBy(desc(groups.updatedAt), sql`groups.rowid desc`)
      .all();
  }

  get(id: string) {
    return this.db.select().from(groups).where(eq(groups.id, id)).get() ?? null;
  }

  /**
   * The group, the latest `window` messages of its conversation's branch on screen, each with its
   * siblings (or, without `window`, that whole branch as stored; with `before`, the window ends with
   * that message), and what the group remembers: its memories and running summaries
   * (a group's memory is its own, decisions 044, 045 and 051). Null when there is no such group.
   */
  view(id: string, window?: WindowSize, before?: string): { group: GroupRow; opened: OpenedChat; memory: MemoryPin[]; summaries: MemorySummary[] } | null {
    const group = this.get(id);
    if (!group) return null;
    const opened = this.chatTables.open(
      { id: groupChatKey(id), name: group.name, thumbnail: null, greetings: [] },
      window ? { window, before, create: false } : { branch: true, create: false },
    );
    return opened && { group, opened, memory: this.memory.pins(group.chatId), summaries: this.memory.summaries(group.chatId) };
  }

  /** Changes the group's name, scenario, way of choosing who speaks, or members; the group after, or null. */
  update(id: string, change: GroupChange) {
    return this.transaction(() => {
      const updated = this.db
        .update(groups)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(groups.id, id))
        .returning()
        .get();
      if (updated && change.name) this.db.update(chats).set({ title: change.name, characterName: change.name }).where(eq(chats.id, updated.chatId)).run();
      return updated ?? null;
    });
  }

  /** Deletes the group and its whole conversation; false when there was none. */
  delete(id: string) {
    const group = this.get(id);
    if (!group) return false;
    this.transaction(() => {
      this.chatTables.delete(groupChatKey(id), group.chatId);
      this.db.delete(groups).where(eq(groups.id, id)).run();
    });
    return true;
  }

  /**
   * One turn: the person's message (when `content` is given) and an empty `streaming` reply by
   * `speakerId` after it, made the leaf. Without `parentId`, the conversation's leaf as it is now, read
   * in the same step, so two sends land one after the other. The branch up to the reply's parent, for
   * the prompt; null when the group or the parent is gone.
   */
  appendTurn(input: { groupId: string; content?: string | null; speakerId: string; model: string; parentId?: string | null }) {
    return this.transaction(() => {
      const group = this.get(input.groupId);
      if (!group) return null;
      const chat = this.db.select({ leaf: chats.leafMessageId }).from(chats).where(eq(chats.id, group.chatId)).get();
      if (!chat) return null;
      let parentId = input.parentId === undefined ? chat.leaf : input.parentId;
      if (
        parentId &&
        !this.db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, parentId), eq(messages.chatId, group.chatId)))
          .get()
      )
        return null;
      const now = Date.now();
      let userMessage: MessageRow | null = null;
      if (input.content) {
        userMessage = personsMessage({ id: createId(), chatId: group.chatId, parentId, content: input.content, at: now });
        this.db.insert(messages).values(userMessage).run();
        parentId = userMessage.id;
      }
      const replyId = createId();
      this.db
        .insert(messages)
        .values({
          id: replyId,
          chatId: group.chatId,
          parentId,
          role: "character",
          content: "",
          status: "streaming",
          model: input.model,
          speakerId: input.speakerId,
          createdAt: new Date(now + 1),
        })
        .run();
      this.db.update(chats).set({ leafMessageId: replyId, updatedAt: new Date() }).where(eq(chats.id, group.chatId)).run();
      this.db.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, group.id)).run();
      const branch = parentId ? this.chatTables.branchTo(group.chatId, parentId) : [];
      return { chatId: group.chatId, userMessage, replyId, branch };
    });
  }
}

export type { GroupMode };
