/**
 * Character lists (decision 009). One statement per page: an inner query picks the page's ids by
 * walking a covering sort index (tag pages walk character_tags, which carries the sort keys), then
 * the outer query joins the 24 rows with their author, tags and the viewer's flags. Everything the
 * viewer changes (excluded tags, NSFW blur, their votes) is a subquery on their id, so a page is
 * one D1 round trip after the session.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters } from "~/db/schema";
import { thumbnailUrl } from "~/lib/http/media.server";
import { isolateMemo } from "~/lib/isolate-memo";
import { censor, sanitize } from "~/lib/safety/words";
import { isWarningTag, ROLEPLAY_TAG } from "~/spec/tags";
import { MESSAGES } from "~/spec/messages";
import { byName } from "~/spec/plain-text";

export const PAGE_SIZE = 24;
export const SORTS = ["popular", "trending", "trending-week", "newest", "upvotes", "favorites"] as const;
export type Sort = (typeof SORTS)[number];
export type Scope = "public" | "private" | "favorite" | "recent" | "random" | "profile" | "following";

/** Words typed in the search box (sanitised) as an FTS5 query: each word quoted (no operators), matched as a prefix. */
export function ftsQuery(q: string) {
  const words =
    sanitize(q)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}

export type CatalogQuery = {
  page: number;
  sort: Sort;
  q?: string | null;
  tagNames?: string[];
  viewerId: string | null;
  profileUserId?: string;
  /** For "recent": the characters the viewer chatted with, latest first (from their own object). */
  recentIds?: string[];
};

/** Sort key columns: on characters, and their copies on character_tags. */
const SORT_COLUMNS: Record<Sort, { characters: SQL; tags: SQL }> = {
  popular: { characters: sql.raw("c.points"), tags: sql.raw("ct.points") },
  // Public characters always have a release date; NULLs sort last, like the 0 in the copy.
  newest: { characters: sql.raw("c.release_date"), tags: sql.raw("ct.released") },
  upvotes: { characters: sql.raw("c.upvotes"), tags: sql.raw("ct.upvotes") },
  favorites: { characters: sql.raw("c.favorites"), tags: sql.raw("ct.favorites") },
  // Chats started in the last 24 hours or 7 days (issue 64); character_tags keeps no copy, so a tag
  // page in this order walks the characters' index and checks the tag (see TAG_WALK_SORTS).
  trending: { characters: sql.raw("c.trending_day"), tags: sql.raw("c.trending_day") },
  "trending-week": { characters: sql.raw("c.trending_week"), tags: sql.raw("c.trending_week") },
};
/** The orders character_tags carries a copy of, so a tag page walks that table's index. */
const TAG_WALK_SORTS: readonly Sort[] = ["popular", "newest", "upvotes", "favorites"];

/** Conditions on a candidate id that every list applies: the other tags, and the viewer's exclusions. */
function candidateFilters(idColumn: SQL, query: CatalogQuery, tagNames: string[]): SQL[] {
  const filters = tagNames.map(
    (name) => sql`exists (select 1 from character_tags t2 where t2.character_id = ${idColumn} and t2.tag_id = (select id from tags where name = ${name}))`,
  );
  if (query.viewerId) {
    // The uncorrelated first test runs once: people without exclusions pay nothing per row.
    filters.push(
      sql`(not exists (select 1 from excluded_tags where user_id = ${query.viewerId}) or not exists (select 1 from character_tags x join excluded_tags e on e.tag_id = x.tag_id and e.user_id = ${query.viewerId} where x.character_id = ${idColumn}))`,
      sql`(not exists (select 1 from excluded_content_tags where user_id = ${query.viewerId}) or not exists (select 1 from character_content_tags x join excluded_content_tags e on e.content_tag_id = x.content_tag_id and e.user_id = ${query.viewerId} where x.character_id = ${idColumn}))`,
    );
  }
  return filters;
}

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/** Up to this many matches are counted exactly; a list with more says "1,000+". */
export const COUNT_CAP = 1000;
/** How long the home page's counts and the chip row's order are kept per Worker instance. */
const MEMO_TTL_MS = 10 * 60_000;

/**
 * The inner query: `id` and sort key `k` of one page's characters (PAGE_SIZE + 1, to know if there
 * is a next page), or of the first COUNT_CAP + 1 matches when counting.
 */
function pageIds(scope: Scope, query: CatalogQuery, match: string | null, counting = false): SQL {
  const limit = counting ? sql`limit ${COUNT_CAP + 1}` : sql`limit ${PAGE_SIZE + 1} offset ${(query.page - 1) * PAGE_SIZE}`;
  const tagNames = query.tagNames ?? [];
  const viewerId = query.viewerId ?? "";
  const sort = SORT_COLUMNS[query.sort];

  if (scope === "random" && !counting) {
    // From a random place in creation order onwards, then from the start: two index walks, no sort
    // of the whole table. The place is picked here so both halves agree on it.
    const start = sql`(select cast((max(rowid) + 1) * ${Math.random()} as integer) from characters)`;
    // `+c.is_public` keeps the planner on the rowid range instead of the is_public indexes.
    const filters = [sql`+c.is_public = 1`, ...candidateFilters(sql.raw("c.id"), query, tagNames)];
    const half = (side: SQL) =>
      sql`select * from (select c.id as id, c.rowid as k from characters c where ${and([...filters, side])} order by c.rowid limit ${PAGE_SIZE})`;
    return sql`select * from (${half(sql`c.rowid >= ${start}`)} union all ${half(sql`c.rowid < ${start}`)}) limit ${PAGE_SIZE}`;
  }
  if (scope === "recent" && query.viewerId) {
    // The list comes from the viewer's own object as one JSON parameter; its order is the sort key.
    const where = and([sql`c.is_public = 1`, ...candidateFilters(sql.raw("c.id"), query, tagNames)]);
    const recent = JSON.stringify(query.recentIds ?? []);
    return sql`select c.id as id, -r.key as k from json_each(${recent}) r join characters c on c.id = r.value where ${where} order by k desc, c.id desc ${limit}`;
  }
  if ((scope === "public" || scope === "recent") && tagNames.length > 0 && !match && (scope === "recent" || TAG_WALK_SORTS.includes(query.sort))) {
    // Walk the first tag's rows in character_tags, which carry the sort keys: a covering index.
    const [first, ...rest] = tagNames;
    const col = scope === "recent" ? SORT_COLUMNS.newest.tags : sort.tags;
    const where = and([
      sql`ct.tag_id = (select id from tags where name = ${first})`,
      sql`ct.is_public = 1`,
      ...candidateFilters(sql.raw("ct.character_id"), query, rest),
    ]);
    return sql`select ct.character_id as id, ${col} as k from character_tags ct where ${where} order by k desc, ct.character_id desc ${limit}`;
  }
  if (scope === "following") {
    // Driven from the viewer's follows (CROSS JOIN keeps that order): each followed creator's characters
    // by their index, then sorted newest first. Walking the catalog's release index instead, filtering
    // by creator, would read all of it for someone who follows a few quiet creators.
    const where = and([
      sql`f.follower_id = ${viewerId}`,
      sql`c.is_public = 1`,
      ...candidateFilters(sql.raw("c.id"), query, tagNames),
      ...(match ? [sql`c.rowid in (select rowid from characters_fts where characters_fts match ${match})`] : []),
    ]);
    return sql`select c.id as id, c.release_date as k from follows f cross join characters c on c.user_id = f.creator_id where ${where} order by k desc, c.id desc ${limit}`;
  }
  const scopeWhere: SQL =
    scope === "private"
      ? sql`c.user_id = ${viewerId} and c.is_public = 0`
      : scope === "favorite"
        ? // Only what the viewer may still see: a favourite that was made private drops out.
          sql`c.id in (select character_id from favorites where user_id = ${viewerId}) and (c.is_public = 1 or c.user_id = ${viewerId})`
        : scope === "profile"
          ? sql`c.user_id = ${query.profileUserId ?? ""} and c.is_public = 1`
          : sql`c.is_public = 1`;
  const parts = [scopeWhere, ...candidateFilters(sql.raw("c.id"), query, tagNames)];
  if (match) parts.push(sql`c.rowid in (select rowid from characters_fts where characters_fts match ${match})`);
  const col = scope === "recent" ? SORT_COLUMNS.newest.characters : sort.characters;
  return sql`select c.id as id, ${col} as k from characters c where ${and(parts)} order by k desc, c.id desc ${limit}`;
}

type Row = {
  id: string;
  name: string;
  description: string;
  thumbnail: string | null;
  is_nsfw_thumbnail: number;
  upvotes: number;
  favorites: number;
  points: number;
  is_public: number;
  author_name: string | null;
  tag_names: string | null;
  is_upvoted: number;
  is_favorited: number;
  blur_nsfw: number;
};

/** The page's rows with author, tags and the viewer's flags, in the inner query's order. */
function pageRows(inner: SQL, viewerId: string | null, ordered = true) {
  const viewer = viewerId ?? "";
  return sql`select c.id, c.name, c.description, c.thumbnail, c.is_nsfw_thumbnail, c.upvotes, c.favorites, c.points, c.is_public, u.name as author_name,
    (select group_concat(t.name, char(31)) from character_tags x join tags t on t.id = x.tag_id where x.character_id = c.id) as tag_names,
    exists (select 1 from upvotes v where v.user_id = ${viewer} and v.character_id = c.id) as is_upvoted,
    exists (select 1 from favorites f where f.user_id = ${viewer} and f.character_id = c.id) as is_favorited,
    coalesce((select not show_nsfw_thumbnails from user_preferences where user_id = ${viewer}), 0) as blur_nsfw
    from (${inner}) p join characters c on c.id = p.id left join users u on u.id = c.user_id
    ${ordered ? sql`order by p.k desc, p.id desc` : sql``}`;
}

/** Cards: tags sorted alphabetically without RolePlay; 'Unknown' author when absent; the viewer's flags. */
function toCard(row: Row) {
  return {
    id: row.id,
    // Text saved before the safety rules, or by other means, is censored where it is listed.
    name: censor(row.name),
    description: censor(row.description),
    thumbnailUrl: thumbnailUrl(row.thumbnail),
    upvotes: row.upvotes,
    favorites: row.favorites,
    author: row.author_name ?? MESSAGES.character.unknownAuthor,
    tags: (row.tag_names ? row.tag_names.split("\u001f") : []).filter((t) => t !== ROLEPLAY_TAG).sort(byName),
    blur: !!row.blur_nsfw && !!row.is_nsfw_thumbnail,
    isUpvoted: !!row.is_upvoted,
    isFavorited: !!row.is_favorited,
  };
}

export type CharacterCardData = ReturnType<typeof toCard>;

/** A list page's one statement, or null for a search that has no words left once sanitised. */
function catalogStatement(scope: Scope, query: CatalogQuery) {
  const match = query.q ? ftsQuery(query.q) : null;
  if (query.q?.trim() && !match) return null;
  return pageRows(pageIds(scope, query, match), query.viewerId, scope !== "random");
}

/** How many characters the list holds, counted up to COUNT_CAP + 1 (the same index walk as a page). */
function countStatement(scope: Scope, query: CatalogQuery) {
  const match = query.q ? ftsQuery(query.q) : null;
  if (query.q?.trim() && !match) return null;
  return sql`select count(*) as n from (${pageIds(scope === "random" ? "public" : scope, query, match, true)})`;
}

/**
 * One page of a character list. Every tag in `tagNames` must be on the character; characters with a
 * tag or content tag the viewer excluded never appear; `q` searches names and descriptions.
 */
export async function listCatalog(db: Db, scope: Scope, query: CatalogQuery, { count = true } = {}) {
  const statement = catalogStatement(scope, query);
  const counting = countStatement(scope, query);
  // A search made only of banned words (or punctuation) finds nothing rather than everything.
  if (!statement || !counting) return { characters: [], page: query.page, hasNext: false, total: 0, totalCapped: false, lastPage: 1 };
  const [rows, [count_]] = await Promise.all([db.all<Row>(statement), count ? db.all<{ n: number }>(counting) : [{ n: 0 }]]);
  const cards = rows.slice(0, PAGE_SIZE).map(toCard);
  if (scope === "random") cards.sort(() => Math.random() - 0.5);
  const total = Math.min(count_.n, COUNT_CAP);
  // The last page with characters on it (of those counted, past the cap).
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { characters: cards, page: query.page, hasNext: rows.length > PAGE_SIZE, total, totalCapped: count_.n > COUNT_CAP, lastPage };
}

/** The most popular public characters, for the home page. */
export async function listFeatured(db: Db, viewerId: string | null, limit = 8) {
  const { characters } = await listCatalog(db, "public", { page: 1, sort: "popular", viewerId }, { count: false });
  // A guest's first look leaves out characters carrying content warnings.
  return characters.filter((c) => viewerId || !c.tags.some(isWarningTag)).slice(0, limit);
}

/**
 * The home page's "Rising" row (issue 64): the characters with the most chats started in the last 24
 * hours, only those with any, with the viewer's exclusions; a guest's first look leaves out content
 * warnings. One statement, walking the trending index.
 */
export async function listRising(db: Db, viewerId: string | null, limit = 8) {
  const query: CatalogQuery = { page: 1, sort: "trending", viewerId };
  const where = and([sql`c.is_public = 1`, sql`c.trending_day > 0`, ...candidateFilters(sql.raw("c.id"), query, [])]);
  const inner = sql`select c.id as id, c.trending_day as k from characters c where ${where} order by k desc, c.id desc limit ${limit * 2}`;
  const rows = await db.all<Row>(pageRows(inner, viewerId));
  return rows
    .map(toCard)
    .filter((c) => viewerId || !c.tags.some(isWarningTag))
    .slice(0, limit);
}

/**
 * How many public characters there are, and how many people made them (the home page says so). A
 * scan of the characters table, so worked out at most every 10 minutes per Worker instance.
 */
const publicCounts = isolateMemo<{ characters: number; creators: number }>(MEMO_TTL_MS);
export function countPublic(db: Db) {
  return publicCounts(async () => {
    const [row] = await db.all<{ characters: number; creators: number }>(
      sql`select count(*) as characters, count(distinct user_id) as creators from characters where is_public = 1`,
    );
    return row ?? { characters: 0, creators: 0 };
  });
}

/** The query plan of a list's statement (for the tests: no full table scans). */
export async function explainCatalog(db: Db, scope: Scope, query: CatalogQuery) {
  const statement = catalogStatement(scope, query);
  if (!statement) return [];
  const rows = await db.all<{ detail: string }>(sql`explain query plan ${statement}`);
  return rows.map((r) => r.detail);
}

/** The public characters for the sitemap, most popular first (a sitemap holds at most 50,000 URLs). */
export async function listForSitemap(db: Db, limit = 45_000) {
  return await db
    .select({ id: characters.id, updatedAt: characters.updatedAt })
    .from(characters)
    .where(eq(characters.isPublic, true))
    .orderBy(desc(characters.points))
    .limit(limit);
}
