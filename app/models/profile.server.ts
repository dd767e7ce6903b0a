import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentTags, excludedContentTags, excludedTags, tags, users } from "~/db/schema";
import type { ScreenedText } from "~/lib/safety/screened";

export type ProfilePatch = { name?: ScreenedText; persona?: ScreenedText | null; nameKnownToBot?: ScreenedText | null; description?: ScreenedText | null };

/** Changes some of the profile's fields; answers the profile after. */
export async function updateProfile(db: Db, userId: string, patch: ProfilePatch) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ name: users.name, description: users.description, persona: users.persona, nameKnownToBot: users.nameKnownToBot });
  return row;
}

/** Looks names up in a tag table; the ids found, and the names that are not tags. */
async function resolveNames(db: Db, table: typeof tags | typeof contentTags, names: string[]) {
  const rows = names.length ? await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, names)).all() : [];
  return { ids: rows.map((r) => r.id), unknown: names.filter((n) => !rows.some((r) => r.name === n)) };
}

/**
 * Replaces the user's excluded character tags ("tags") or content tags ("content") in one batch;
 * with an unknown name nothing is saved and the names are reported.
 */
export async function setExcluded(db: Db, userId: string, kind: "tags" | "content", names: string[]) {
  const { ids, unknown } = await resolveNames(db, kind === "tags" ? tags : contentTags, names);
  if (unknown.length) return { ok: false as const, unknown };
  if (kind === "tags") {
    await db.batch([db.delete(excludedTags).where(eq(excludedTags.userId, userId)), ...ids.map((tagId) => db.insert(excludedTags).values({ userId, tagId }))]);
  } else {
    await db.batch([
      db.delete(excludedContentTags).where(eq(excludedContentTags.userId, userId)),
      ...ids.map((contentTagId) => db.insert(excludedContentTags).values({ userId, contentTagId })),
    ]);
  }
  return { ok: true as const };
}

/** What anyone may see of a user: name, picture, description. None for a banned or missing user. */
export async function findPublicProfile(db: Db, userId: string) {
  const profile = await db
    .select({ id: users.id, name: users.name, image: users.image, description: users.description, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!profile || profile.isBanned) return null;
  const { isBanned: _banned, ...shown } = profile;
  return shown;
}
