import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, characterTags, chatSettings, tags } from "~/db/schema";
import { canViewCharacter } from "~/lib/auth/capabilities";

/** Everything the chat needs about a character, if the viewer may see it (public, theirs, or a moderator). */
export async function getChatCharacter(db: Db, id: string, viewer: Viewer | null) {
  const [rows, tagRows] = await db.batch(chatCharacterQueries(db, id));
  return visibleChatCharacter(rows, tagRows, viewer);
}

type Viewer = { id: string; isModerator: boolean };

/** The character row and its tag names (usable in a larger batch). */
export const chatCharacterQueries = (db: Db, id: string) =>
  [
    db.select().from(characters).where(eq(characters.id, id)).limit(1),
    db.select({ name: tags.name }).from(characterTags).innerJoin(tags, eq(tags.id, characterTags.tagId)).where(eq(characterTags.characterId, id)),
  ] as const;

/** The chat's character from those rows, or null when the viewer may not see it. */
export function visibleChatCharacter(rows: (typeof characters.$inferSelect)[], tagRows: { name: string }[], viewer: Viewer | null) {
  const row = rows[0];
  if (!row) return null;
  if (!canViewCharacter(viewer, row)) return null;
  return toChatCharacter(row, tagRows.map((t) => t.name));
}

/** A character row as the chat uses it: with its tags and the card's personality and system prompt. */
function toChatCharacter(row: typeof characters.$inferSelect, tagNames: string[]) {
  const extras = (row.cardExtras ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return { ...row, tags: tagNames, personality: text(extras.personality), systemPrompt: text(extras.system_prompt) };
}
export type ChatCharacter = NonNullable<Awaited<ReturnType<typeof getChatCharacter>>>;

/** A user's settings for a character (usable in a batch). */
export const chatSettingsQuery = (db: Db, userId: string, characterId: string) =>
  db.select().from(chatSettings).where(and(eq(chatSettings.userId, userId), eq(chatSettings.characterId, characterId))).limit(1);

export async function getChatSettings(db: Db, userId: string, characterId: string) {
  return chatSettingsQuery(db, userId, characterId).get();
}

/** Saves some of the user's settings for a character (creating the row with defaults first). */
export async function saveChatSettings(db: Db, userId: string, characterId: string, values: Partial<typeof chatSettings.$inferInsert>, defaults: { model: string }) {
  await db
    .insert(chatSettings)
    .values({ userId, characterId, model: defaults.model, ...values })
    .onConflictDoUpdate({ target: [chatSettings.userId, chatSettings.characterId], set: { ...values, updatedAt: new Date() } })
    .run();
}
