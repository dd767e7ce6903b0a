import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, characterTags, tags, users } from "~/db/schema";
import { ROLEPLAY_TAG } from "~/spec/tags";

export const DEFAULT_THUMBNAIL = "/default-character.png";
export const PAGE_SIZE = 24;

export function thumbnailUrl(key: string | null) {
  return key ? `/media/${key}` : DEFAULT_THUMBNAIL;
}

const cardColumns = {
  id: characters.id,
  name: characters.name,
  description: characters.description,
  thumbnail: characters.thumbnail,
  isNsfwThumbnail: characters.isNsfwThumbnail,
  upvotes: characters.upvotes,
  favorites: characters.favorites,
  points: characters.points,
  // Aliased: in db.batch() D1 returns rows as objects, so two columns named "name" would collide.
  authorName: sql<string | null>`${users.name}`.as("author_name"),
};

/** Cards for a list of characters: tags sorted alphabetically, without RolePlay; 'Unknown' author when absent. */
async function withTags<T extends { id: string; authorName: string | null; thumbnail: string | null }>(db: Db, rows: T[]) {
  if (rows.length === 0) return [];
  const tagRows = await db
    .select({ characterId: characterTags.characterId, name: tags.name })
    .from(characterTags)
    .innerJoin(tags, eq(tags.id, characterTags.tagId))
    .where(inArray(characterTags.characterId, rows.map((r) => r.id)));
  return rows.map((row) => ({
    ...row,
    thumbnailUrl: thumbnailUrl(row.thumbnail),
    author: row.authorName ?? "Unknown",
    tags: tagRows.filter((t) => t.characterId === row.id && t.name !== ROLEPLAY_TAG).map((t) => t.name).sort((a, b) => a.localeCompare(b)),
  }));
}

export type CharacterCardData = Awaited<ReturnType<typeof listFeatured>>[number];

/** The most popular public characters, for the home page. */
export async function listFeatured(db: Db, limit = 8) {
  const rows = await db
    .select(cardColumns)
    .from(characters)
    .leftJoin(users, eq(users.id, characters.userId))
    .where(eq(characters.isPublic, true))
    .orderBy(desc(characters.points))
    .limit(limit);
  return withTags(db, rows);
}

/** One page of public characters by popularity. */
export async function listPublic(db: Db, page: number) {
  const [rows, [{ total }]] = await db.batch([
    db.select(cardColumns).from(characters).leftJoin(users, eq(users.id, characters.userId))
      .where(eq(characters.isPublic, true)).orderBy(desc(characters.points)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ total: sql<number>`count(*)` }).from(characters).where(eq(characters.isPublic, true)),
  ]);
  return { characters: await withTags(db, rows), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

export async function listPublicByUser(db: Db, userId: string) {
  const rows = await db.select(cardColumns).from(characters).leftJoin(users, eq(users.id, characters.userId))
    .where(and(eq(characters.userId, userId), eq(characters.isPublic, true))).orderBy(desc(characters.points)).limit(60);
  return withTags(db, rows);
}

/** Public characters at random or newest first (guests' "recent" list: the newest releases). */
export async function listPublicOrdered(db: Db, order: "random" | "recent", limit = PAGE_SIZE) {
  const rows = await db.select(cardColumns).from(characters).leftJoin(users, eq(users.id, characters.userId))
    .where(eq(characters.isPublic, true)).orderBy(order === "random" ? sql`random()` : desc(characters.releaseDate)).limit(limit);
  return withTags(db, rows);
}
