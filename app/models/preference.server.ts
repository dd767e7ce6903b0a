import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { userPreferences } from "~/db/schema";
import type { PreferenceKey } from "~/lib/preferences";

export async function setPreference(db: Db, userId: string, key: PreferenceKey, value: unknown) {
  const patch: Partial<typeof userPreferences.$inferInsert> = { [key]: value, updatedAt: new Date() };
  // Choosing an image style also sets isRealistic (spec section 4).
  if (key === "imageStyle") patch.isRealistic = value === "Realistic";
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: userPreferences.userId, set: patch })
    .returning();
  const { userId: _u, updatedAt: _t, ...preference } = row;
  return preference;
}
