import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { chatSettings } from "~/db/schema";

/** A user's settings for a character (usable in a batch). */
export const chatSettingsQuery = (db: Db, userId: string, characterId: string) =>
  db
    .select()
    .from(chatSettings)
    .where(and(eq(chatSettings.userId, userId), eq(chatSettings.characterId, characterId)))
    .limit(1);

export async function getChatSettings(db: Db, userId: string, characterId: string) {
  return await chatSettingsQuery(db, userId, characterId).get();
}

/** Saves some of the user's settings for a character (creating the row with defaults first); the settings after. */
export async function saveChatSettings(
  db: Db,
  userId: string,
  characterId: string,
  values: Partial<typeof chatSettings.$inferInsert>,
  defaults: { model: string },
) {
  const [row] = await db
    .insert(chatSettings)
    .values({ userId, characterId, model: defaults.model, ...values })
    .onConflictDoUpdate({ target: [chatSettings.userId, chatSettings.characterId], set: { ...values, updatedAt: new Date() } })
    .returning({ model: chatSettings.model, voice: chatSettings.selectedVoice, persona: chatSettings.persona });
  return row;
}
