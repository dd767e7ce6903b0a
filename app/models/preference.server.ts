import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { userPreferences } from "~/db/schema";
import type { PreferenceKey } from "~/lib/forms/preference";

export async function setPreference(db: Db, userId: string, key: PreferenceKey, value: unknown) {
  // The referrer is kept from the first time it is saved (spec section 4).
  if (key === "referrer") {
    await db.insert(userPreferences).values({ userId }).onConflictDoNothing().run();
    await db
      .update(userPreferences)
      .set({ referrer: value as string })
      .where(and(eq(userPreferences.userId, userId), isNull(userPreferences.referrer)))
      .run();
    return stripPreference(await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).get());
  }
  const patch: Partial<typeof userPreferences.$inferInsert> = { [key]: value, updatedAt: new Date() };
  // Choosing an image style also sets isRealistic (spec section 4).
  if (key === "imageStyle") patch.isRealistic = value === "Realistic";
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: userPreferences.userId, set: patch })
    .returning();
  return stripPreference(row);
}

function stripPreference(row: typeof userPreferences.$inferSelect | undefined) {
  if (!row) return null;
  const { userId: _u, updatedAt: _t, ...preference } = row;
  return preference;
}

/** Whether the user's voices speak only the quoted words (spec section 3: on unless they turned it off). */
export async function speaksDialogueOnly(db: Db, userId: string) {
  const row = await db.select({ dialogueOnly: userPreferences.dialogueOnlyVocals }).from(userPreferences).where(eq(userPreferences.userId, userId)).get();
  return row?.dialogueOnly ?? true;
}

/** The picture preferences the Image Playground and a chat's picture read (null fields: the person never set them). */
export const picturePreferences = (db: Db, userId: string) =>
  db
    .select({ style: userPreferences.imageStyle, show: userPreferences.showNsfwThumbnails, mode: userPreferences.imageGenerationMode })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .get();
