import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentTags, excludedContentTags, excludedTags, tags, users } from "~/db/schema";

export type ProfilePatch = { name?: string; persona?: string | null; nameKnownToBot?: string | null; description?: string | null };

export async function updateProfile(db: Db, userId: string, patch: ProfilePatch) {
  await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, userId)).run();
}

/** Replaces the user's excluded character tags; unknown names are reported, nothing is saved. */
export async function setExcludedTags(db: Db, userId: string, names: string[]) {
  const rows = names.length ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, names)).all() : [];
  const unknown = names.filter((n) => !rows.some((r) => r.name === n));
  if (unknown.length) return { ok: false as const, unknown };
  await db.batch([
    db.delete(excludedTags).where(eq(excludedTags.userId, userId)),
    ...rows.map((r) => db.insert(excludedTags).values({ userId, tagId: r.id })),
  ]);
  return { ok: true as const };
}

export async function setExcludedContentTags(db: Db, userId: string, names: string[]) {
  const rows = names.length ? await db.select({ id: contentTags.id, name: contentTags.name }).from(contentTags).where(inArray(contentTags.name, names)).all() : [];
  const unknown = names.filter((n) => !rows.some((r) => r.name === n));
  if (unknown.length) return { ok: false as const, unknown };
  await db.batch([
    db.delete(excludedContentTags).where(eq(excludedContentTags.userId, userId)),
    ...rows.map((r) => db.insert(excludedContentTags).values({ userId, contentTagId: r.id })),
  ]);
  return { ok: true as const };
}
