/**
 * Similar characters (issue 64): the daily rollup's statement (similar.sql, shared with the demo
 * seed) and what a character's Overview reads.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, similarCharacters } from "~/db/schema";
import { dayKey } from "~/lib/day-key";
import { ROLEPLAY_TAG } from "~/spec/tags";
import statement from "./similar.sql?raw";

const DAY_MS = 86_400_000;
export const SIMILAR_MAX = 6;

/** similar.sql with its values: dates as "YYYY-MM-DD" literals, whole numbers, the RolePlay tag's name. */
export function similarSql(now: number) {
  const values: Record<string, string> = {
    week: `'${dayKey(now - 7 * DAY_MS)}'`,
    month: `'${dayKey(now - 30 * DAY_MS)}'`,
    active_max: "2000",
    per_tag: "30",
    similar_max: String(SIMILAR_MAX),
    roleplay: `'${ROLEPLAY_TAG.replace(/'/g, "''")}'`,
  };
  return statement.replace(/:([a-z_]+)/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Recomputes the similar characters of the busiest characters of the last 7 days: their old lists go,
 * then the new ones come (the others keep theirs). Between the two a failure leaves those lists empty
 * until the next day's run.
 */
export async function refreshSimilar(db: Db, now = Date.now()) {
  await db.run(sql`delete from similar_characters where character_id in (
    select character_id from character_daily where day >= ${dayKey(now - 7 * DAY_MS)} group by character_id order by sum(chats + opens) desc limit 2000)`);
  await db.run(sql.raw(similarSql(now)));
}

/** A character's similar characters that are public now, best first (the Overview's row). */
export const similarQuery = (db: Db, characterId: string) =>
  db
    .select({ id: characters.id, name: characters.name })
    .from(similarCharacters)
    .innerJoin(characters, eq(characters.id, similarCharacters.similarId))
    .where(and(eq(similarCharacters.characterId, characterId), eq(characters.isPublic, true)))
    .orderBy(asc(similarCharacters.rank));
