import { and, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  characters, characterContentTags, characterTags, excludedContentTags, excludedTags, favorites, savedChats, tags, upvotes, userPreferences, users,
} from "~/db/schema";
import { censor, sanitize } from "~/lib/safety";
import { ROLEPLAY_TAG } from "~/spec/tags";

export const PAGE_SIZE = 24;
export const SORTS = ["popular", "newest", "upvotes", "favorites"] as const;
export type Sort = (typeof SORTS)[number];
export type Scope = "public" | "private" | "favorite" | "recent" | "random" | "profile";
export const DEFAULT_THUMBNAIL = "/default-character.png";

export const thumbnailUrl = (key: string | null) => (key ? `/media/${key}` : DEFAULT_THUMBNAIL);

/** What a signed-in viewer changes about lists: hidden tags, NSFW blur, their upvotes and favourites. */
export type Viewer = { userId: string; excludedTagIds: number[]; excludedContentIds: number[]; blurNsfw: boolean; upvoted: Set<string>; favorited: Set<string> };

export async function loadViewer(db: Db, userId: string): Promise<Viewer> {
  const [tagRows, contentRows, prefs, ups, favs] = await db.batch([
    db.select({ id: excludedTags.tagId }).from(excludedTags).where(eq(excludedTags.userId, userId)),
    db.select({ id: excludedContentTags.contentTagId }).from(excludedContentTags).where(eq(excludedContentTags.userId, userId)),
    db.select({ show: userPreferences.showNsfwThumbnails }).from(userPreferences).where(eq(userPreferences.userId, userId)),
    db.select({ id: upvotes.characterId }).from(upvotes).where(eq(upvotes.userId, userId)),
    db.select({ id: favorites.characterId }).from(favorites).where(eq(favorites.userId, userId)),
  ]);
  return {
    userId,
    excludedTagIds: tagRows.map((r) => r.id),
    excludedContentIds: contentRows.map((r) => r.id),
    blurNsfw: prefs[0] ? !prefs[0].show : false,
    upvoted: new Set(ups.map((r) => r.id)),
    favorited: new Set(favs.map((r) => r.id)),
  };
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
  isPublic: characters.isPublic,
  // Aliased: in db.batch() D1 returns rows as objects, so two columns named "name" would collide.
  authorName: sql<string | null>`${users.name}`.as("author_name"),
};

/** Words typed in the search box (sanitised) as an FTS5 query: each word quoted (no operators), matched as a prefix. */
export function ftsQuery(q: string) {
  const words = sanitize(q).toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

export type CatalogQuery = { page: number; sort: Sort; q?: string | null; tagNames?: string[]; viewer: Viewer | null; profileUserId?: string };

function scopeCondition(scope: Scope, query: CatalogQuery): SQL | undefined {
  const viewerId = query.viewer?.userId ?? "";
  switch (scope) {
    case "private":
      return and(eq(characters.userId, viewerId), eq(characters.isPublic, false));
    case "favorite":
      return inArray(characters.id, sql`(select ${favorites.characterId} from ${favorites} where ${favorites.userId} = ${viewerId})`);
    case "recent":
      return query.viewer
        ? and(eq(characters.isPublic, true), inArray(characters.id, sql`(select ${savedChats.characterId} from ${savedChats} where ${savedChats.userId} = ${viewerId})`))
        : eq(characters.isPublic, true);
    case "profile":
      return and(eq(characters.userId, query.profileUserId ?? ""), eq(characters.isPublic, true));
    default:
      return eq(characters.isPublic, true);
  }
}

function order(scope: Scope, query: CatalogQuery) {
  if (scope === "random") return [sql`random()`];
  if (scope === "recent" && query.viewer)
    return [desc(sql`(select max(${savedChats.updatedAt}) from ${savedChats} where ${savedChats.userId} = ${query.viewer.userId} and ${savedChats.characterId} = ${characters.id})`)];
  if (scope === "recent") return [desc(characters.releaseDate)];
  switch (query.sort) {
    case "newest":
      return [desc(sql`coalesce(${characters.releaseDate}, ${characters.createdAt})`)];
    case "upvotes":
      return [desc(characters.upvotes), desc(characters.points)];
    case "favorites":
      return [desc(characters.favorites), desc(characters.points)];
    default:
      return [desc(characters.points), desc(characters.upvotes)];
  }
}

/**
 * One page of a character list. Every tag in `tagNames` must be on the character; characters with a
 * tag or content tag the viewer excluded never appear; `q` searches names and descriptions.
 */
export async function listCatalog(db: Db, scope: Scope, query: CatalogQuery) {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope, query)];
  const match = query.q ? ftsQuery(query.q) : null;
  // A search made only of banned words (or punctuation) finds nothing rather than everything.
  if (query.q?.trim() && !match) return { characters: [], page: query.page, pages: 1, total: 0 };
  if (match) conditions.push(sql`${characters}.rowid in (select rowid from characters_fts where characters_fts match ${match})`);
  if (query.tagNames?.length)
    conditions.push(
      inArray(
        characters.id,
        // Tags matched by name in the same query (table-qualified by hand: drizzle drops the prefix here).
        sql`(select ct.character_id from character_tags ct join tags t on t.id = ct.tag_id where t.name in ${query.tagNames} group by ct.character_id having count(*) = ${query.tagNames.length})`,
      ),
    );
  if (query.viewer?.excludedTagIds.length)
    conditions.push(notInArray(characters.id, sql`(select ${characterTags.characterId} from ${characterTags} where ${characterTags.tagId} in ${query.viewer.excludedTagIds})`));
  if (query.viewer?.excludedContentIds.length)
    conditions.push(
      notInArray(characters.id, sql`(select ${characterContentTags.characterId} from ${characterContentTags} where ${characterContentTags.contentTagId} in ${query.viewer.excludedContentIds})`),
    );
  const where = and(...conditions);
  const [rows, [{ total }]] = await db.batch([
    db.select(cardColumns).from(characters).leftJoin(users, eq(users.id, characters.userId)).where(where).orderBy(...order(scope, query)).limit(PAGE_SIZE).offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: sql<number>`count(*)` }).from(characters).where(where),
  ]);
  return { characters: await toCards(db, rows, query.viewer), page: query.page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/** Cards: tags sorted alphabetically without RolePlay; 'Unknown' author when absent; the viewer's flags. */
export async function toCards<T extends { id: string; name: string; description: string; authorName: string | null; thumbnail: string | null; isNsfwThumbnail: boolean }>(db: Db, rows: T[], viewer: Viewer | null) {
  if (rows.length === 0) return [];
  const tagRows = await db
    .select({ characterId: characterTags.characterId, name: tags.name })
    .from(characterTags)
    .innerJoin(tags, eq(tags.id, characterTags.tagId))
    .where(inArray(characterTags.characterId, rows.map((r) => r.id)));
  return rows.map((row) => ({
    ...row,
    // Text saved before the safety rules, or by other means, is censored where it is listed.
    name: censor(row.name),
    description: censor(row.description),
    thumbnailUrl: thumbnailUrl(row.thumbnail),
    author: row.authorName ?? "Unknown",
    tags: tagRows.filter((t) => t.characterId === row.id && t.name !== ROLEPLAY_TAG).map((t) => t.name).sort((a, b) => a.localeCompare(b)),
    blur: !!viewer?.blurNsfw && row.isNsfwThumbnail,
    isUpvoted: viewer?.upvoted.has(row.id) ?? false,
    isFavorited: viewer?.favorited.has(row.id) ?? false,
  }));
}

export type CharacterCardData = Awaited<ReturnType<typeof listFeatured>>[number];

/** The most popular public characters, for the home page. */
export async function listFeatured(db: Db, viewer: Viewer | null, limit = 8) {
  const rows = await db.select(cardColumns).from(characters).leftJoin(users, eq(users.id, characters.userId)).where(eq(characters.isPublic, true)).orderBy(desc(characters.points)).limit(limit);
  return toCards(db, rows, viewer);
}
