import type { Db } from "~/db/client.server";
import { and, eq } from "drizzle-orm";
import { characters, generatedImages, users } from "~/db/schema";

/** Public characters of deleted accounts stay up under this user (spec section 9). */
export const NOT_FOUND_USER_ID = "notfound00000000";

/**
 * Deletes an account as the spec says: chats, messages, personas, sessions, favourites and upvotes
 * go (their triggers drop the character counts by one, never below 0); private characters and their files in R2 go;
 * public characters move to the 'Not Found' user. Everything in D1 commits together.
 */
export async function deleteAccount(db: Db, media: R2Bucket, userId: string, extra: Parameters<Db["batch"]>[0][number][] = []) {
  const privateFiles = await db
    .select({ thumbnail: characters.thumbnail, voice: characters.voiceSampleFile })
    .from(characters)
    .where(and(eq(characters.userId, userId), eq(characters.isPublic, false)))
    .all();
  const images = await db.select({ key: generatedImages.r2Key }).from(generatedImages).where(eq(generatedImages.userId, userId)).all();

  await db.batch([
    db.insert(users).values({ id: NOT_FOUND_USER_ID, email: "not-found@users.invalid", name: "Not Found" }).onConflictDoNothing(),
    db
      .update(characters)
      .set({ userId: NOT_FOUND_USER_ID })
      .where(and(eq(characters.userId, userId), eq(characters.isPublic, true))),
    db.delete(characters).where(and(eq(characters.userId, userId), eq(characters.isPublic, false))),
    // Cascades: sessions, accounts, preferences, personas, favourites, upvotes, saved chats and their
    // messages, chat settings, excluded tags, connections, codes, allowance, stories, images, jobs.
    db.delete(users).where(eq(users.id, userId)),
    ...extra,
  ]);

  const keys = [...privateFiles.flatMap((f) => [f.thumbnail, f.voice]), ...images.map((i) => i.key)].filter((k): k is string => !!k);
  if (keys.length) await media.delete(keys);
  return { deletedFiles: keys.length };
}

/** How the account is named in the moderation log (its name, else its email); null when there is no such account. */
export async function accountLabel(db: Db, userId: string) {
  const row = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get();
  return row ? row.name || row.email : null;
}

// Keeps the "Not Found" owner out of deletion: it holds other people's public characters.
export const isProtectedUser = (userId: string) => userId === NOT_FOUND_USER_ID;
