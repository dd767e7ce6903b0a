/**
 * The move of what D1 still holds for one user into their object (decisions 029, 030 and 042):
 * chat settings, chats with their messages, the two allowances, and stories with their turns. It copies (insert or ignore:
 * what the object has wins) in one transaction, then deletes the rows in D1, so it is idempotent
 * and resumable: a failure before the delete copies nothing twice next time.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { createDb } from "~/db/client.server";
import {
  characters,
  chatSettings as d1ChatSettings,
  imageTokens,
  messages as d1Messages,
  messageTokens,
  savedChats,
  stories as d1Stories,
  storyMessages as d1StoryMessages,
} from "~/db/schema";
import type { AllowanceTables } from "./allowances";
import type { ChatTables } from "./chats";
import type { StoryTables } from "./stories";
import { chatSettings } from "./schema";

export type MoveReport = { chatSettings: number; chats: number; messages: number; allowances: number; stories: number; storyTurns: number };

type Into = {
  db: DrizzleSqliteDODatabase;
  chats: ChatTables;
  allowances: AllowanceTables;
  stories: StoryTables;
  transaction: <T>(work: () => T) => T;
  /** Marks the move done inside the same transaction. */
  done: () => void;
};

export async function moveIn(d1Binding: D1Database, owner: string, into: Into): Promise<MoveReport> {
  const d1 = createDb(d1Binding);
  const ownChats = d1.select({ id: savedChats.id }).from(savedChats).where(eq(savedChats.userId, owner));
  const ownStories = d1.select({ id: d1Stories.id }).from(d1Stories).where(eq(d1Stories.userId, owner));
  const [settingsRows, chatRows, messageRows, messageAllowance, imageAllowance, storyRows, turnRows] = await d1.batch([
    d1
      .select({
        characterId: d1ChatSettings.characterId,
        model: d1ChatSettings.model,
        selectedVoice: d1ChatSettings.selectedVoice,
        persona: d1ChatSettings.persona,
        updatedAt: d1ChatSettings.updatedAt,
      })
      .from(d1ChatSettings)
      .where(eq(d1ChatSettings.userId, owner)),
    d1
      .select({
        id: savedChats.id,
        characterId: savedChats.characterId,
        title: savedChats.title,
        selected: savedChats.selected,
        leafMessageId: savedChats.leafMessageId,
        characterName: sql<string>`coalesce(${characters.name}, '')`,
        characterThumbnail: characters.thumbnail,
        createdAt: savedChats.createdAt,
        updatedAt: savedChats.updatedAt,
      })
      .from(savedChats)
      .leftJoin(characters, eq(characters.id, savedChats.characterId))
      .where(eq(savedChats.userId, owner)),
    d1.select().from(d1Messages).where(inArray(d1Messages.chatId, ownChats)),
    d1.select({ token: messageTokens.token, resetAt: messageTokens.resetAt }).from(messageTokens).where(eq(messageTokens.userId, owner)),
    d1.select({ token: imageTokens.token, resetAt: imageTokens.resetAt }).from(imageTokens).where(eq(imageTokens.userId, owner)),
    d1
      .select({
        id: d1Stories.id,
        title: d1Stories.title,
        characterIds: d1Stories.characterIds,
        premise: d1Stories.premise,
        genre: d1Stories.genre,
        personaId: d1Stories.personaId,
        leafMessageId: d1Stories.leafMessageId,
        createdAt: d1Stories.createdAt,
        updatedAt: d1Stories.updatedAt,
      })
      .from(d1Stories)
      .where(eq(d1Stories.userId, owner)),
    d1.select().from(d1StoryMessages).where(inArray(d1StoryMessages.storyId, ownStories)),
  ]);
  into.transaction(() => {
    for (const row of settingsRows) into.db.insert(chatSettings).values(row).onConflictDoNothing().run();
    into.chats.insertMoved(chatRows, messageRows);
    for (const row of messageAllowance) into.allowances.insertMoved("message", row);
    for (const row of imageAllowance) into.allowances.insertMoved("image", row);
    into.stories.insertMoved(storyRows, turnRows);
    into.done();
  });
  const allowances = messageAllowance.length + imageAllowance.length;
  if (settingsRows.length || chatRows.length || allowances || storyRows.length)
    await d1.batch([
      d1.delete(d1StoryMessages).where(inArray(d1StoryMessages.storyId, ownStories)),
      d1.delete(d1Stories).where(eq(d1Stories.userId, owner)),
      d1.delete(d1ChatSettings).where(eq(d1ChatSettings.userId, owner)),
      d1.delete(d1Messages).where(inArray(d1Messages.chatId, ownChats)),
      d1.delete(savedChats).where(eq(savedChats.userId, owner)),
      d1.delete(messageTokens).where(eq(messageTokens.userId, owner)),
      d1.delete(imageTokens).where(eq(imageTokens.userId, owner)),
    ]);
  return {
    chatSettings: settingsRows.length,
    chats: chatRows.length,
    messages: messageRows.length,
    allowances,
    stories: storyRows.length,
    storyTurns: turnRows.length,
  };
}
