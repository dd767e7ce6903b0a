import type { Db } from "~/db/client.server";
import { and, eq, sql, inArray } from "drizzle-orm";
import { characters, generatedImages, paidUsers, reports, shortLinks, users, verificationCodes } from "~/db/schema";
import { speechPrefix } from "~/lib/providers/speech/kokoro.server";
import { userStore } from "./user-store.server";
import { compose } from "~/lib/safety/screened";

/** Public characters of deleted accounts stay up under this user (spec section 9). */
export const NOT_FOUND_USER_ID = "notfound00000000";

/** R2 deletes at most this many keys a call; an account with more files is deleted by a queued job that shows progress. */
export const FILES_PER_DELETE = 1000;

type BatchItem = Parameters<Db["batch"]>[0][number];

/** The account to delete: how the log names it and the email its sign-in challenges were sent to; null when there is none. */
export async function accountToDelete(db: Db, userId: string) {
  const row = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get();
  return row ? { label: row.name || row.email, email: row.email } : null;
}

/** Every file in R2 that goes with the account: its private characters' pictures and voices, its pictures, and its speech. */
export async function accountFiles(db: Db, media: R2Bucket, userId: string): Promise<string[]> {
  const [privateFiles, pictures] = await db.batch([
    db
      .select({ thumbnail: characters.thumbnail, voice: characters.voiceSampleFile })
      .from(characters)
      .where(and(eq(characters.userId, userId), eq(characters.isPublic, false))),
    db.select({ key: generatedImages.r2Key }).from(generatedImages).where(eq(generatedImages.userId, userId)),
  ]);
  const speech: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await media.list({ prefix: speechPrefix(userId), cursor, limit: FILES_PER_DELETE });
    speech.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return [...privateFiles.flatMap((f) => [f.thumbnail, f.voice]), ...pictures.map((p) => p.key), ...speech].filter((k): k is string => !!k);
}

/** Deletes files FILES_PER_DELETE at a time; `progress` hears how many are gone after each call. */
export async function deleteFiles(media: R2Bucket, keys: string[], progress?: (deleted: number) => Promise<void>) {
  for (let start = 0; start < keys.length; start += FILES_PER_DELETE) {
    await media.delete(keys.slice(start, start + FILES_PER_DELETE));
    await progress?.(Math.min(start + FILES_PER_DELETE, keys.length));
  }
}

/**
 * The account's own object (its chats and chat settings), then its rows, in one batch, as the spec says: chats, messages, personas, sessions, favourites
 * and upvotes go (their triggers drop the character counts by one, never below 0); private
 * characters go; public characters move to the 'Not Found' user. Also what the account left behind
 * without a key to it: its sign-in challenges (by email), its short links, the Patreon email on
 * its membership records, and the reports that copied its messages. `extra` joins the batch (the admin's log line).
 */
export async function deleteAccountRows(db: Db, env: Pick<Env, "USER_STORE">, userId: string, email: string, extra: BatchItem[] = []) {
  // The user's own object first (decision 029): erasing it twice is harmless, so a retry after a failure below finds it empty.
  await userStore(env, userId).erase();
  await db.batch([
    db
      .insert(users)
      .values({ id: NOT_FOUND_USER_ID, email: "not-found@users.invalid", name: compose`Not Found` })
      .onConflictDoNothing(),
    db
      .update(characters)
      .set({ userId: NOT_FOUND_USER_ID })
      .where(and(eq(characters.userId, userId), eq(characters.isPublic, true))),
    db.delete(characters).where(and(eq(characters.userId, userId), eq(characters.isPublic, false))),
    db.delete(shortLinks).where(eq(shortLinks.userId, userId)),
    db.update(paidUsers).set({ patreonEmail: null, userId: null }).where(eq(paidUsers.userId, userId)),
    db.delete(verificationCodes).where(sql`${verificationCodes.target} = ${email} or ${verificationCodes.userId} = ${userId}`),
    // Reports keep a copy of a reported message or review (decision 027): the copy of this account's words goes with it.
    db.delete(reports).where(and(inArray(reports.targetType, ["message", "review"]), eq(reports.targetOwnerId, userId))),
    // Cascades: sessions, accounts, preferences, personas, favourites, upvotes, saved chats and their
    // messages, chat settings left in D1, excluded tags, connections, allowances, stories, pictures, jobs.
    db.delete(users).where(eq(users.id, userId)),
    ...extra,
  ]);
}

/**
 * Deletes an account now: its files first (so a failure part-way leaves the account whole, and a
 * retry finds what is left), then its rows in one batch.
 */
export async function deleteAccount(db: Db, env: Pick<Env, "MEDIA" | "USER_STORE">, userId: string, email: string, extra: BatchItem[] = []) {
  const keys = await accountFiles(db, env.MEDIA, userId);
  await deleteFiles(env.MEDIA, keys);
  await deleteAccountRows(db, env, userId, email, extra);
  return { deletedFiles: keys.length };
}

// Keeps the "Not Found" owner out of deletion: it holds other people's public characters.
export const isProtectedUser = (userId: string) => userId === NOT_FOUND_USER_ID;
