/**
 * The Creator Hub's dashboard (issue 64): a creator's figures from character_daily, never from anyone's
 * chats or from per-view rows. Two statements sent at once (one D1 round trip after the session): the
 * sums a day over the period and the one before it, and the sums per character in each.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dayKey } from "~/lib/day-key";
import { emptySums, SUM_KEYS, type FigureSums } from "~/spec/creator-figures";

const DAY_MS = 86_400_000;

const sums = (when?: ReturnType<typeof sql>) =>
  sql.join(
    SUM_KEYS.map((key) => {
      const column = sql.raw(key === "ratingSum" ? "d.rating_sum" : `d.${key}`);
      return when
        ? sql`sum(case when ${when} then ${column} else 0 end) as ${sql.raw(`"${key}_now"`)}, sum(case when ${when} then 0 else ${column} end) as ${sql.raw(`"${key}_before"`)}`
        : sql`sum(${column}) as ${sql.raw(`"${key}"`)}`;
    }),
    sql`, `,
  );

const pick = (row: Record<string, number | string>, suffix = "") => {
  const out = emptySums();
  for (const key of SUM_KEYS) out[key] = Number(row[`${key}${suffix}`] ?? 0);
  return out;
};

/** The days of a period, oldest first, ending today (UTC). */
export const periodDays = (days: number, now = Date.now()) => Array.from({ length: days }, (_, i) => dayKey(now - (days - 1 - i) * DAY_MS));

/**
 * The creator's figures over the last `days` days (and the `days` before, for the change), for all
 * their characters or one of them (`characterId`, which must be theirs: the query is on their rows).
 */
export async function creatorFigures(db: Db, creatorId: string, input: { days: number; characterId?: string | null; now?: number }) {
  const now = input.now ?? Date.now();
  const days = periodDays(input.days, now);
  const from = days[0];
  const before = dayKey(now - (2 * input.days - 1) * DAY_MS);
  const only = input.characterId ? sql`and c.id = ${input.characterId}` : sql``;
  const base = sql`from characters c join character_daily d on d.character_id = c.id where c.user_id = ${creatorId} ${only} and d.day >= ${before}`;
  const [daily, perCharacter] = await Promise.all([
    db.all<Record<string, number | string>>(sql`select d.day as day, ${sums()} ${base} group by d.day`),
    db.all<Record<string, number | string>>(sql`select d.character_id as id, ${sums(sql`d.day >= ${from}`)} ${base} group by d.character_id`),
  ]);
  const byDay = new Map(daily.map((row) => [String(row.day), pick(row)]));
  const add = (into: FigureSums, more: FigureSums) => {
    for (const key of SUM_KEYS) into[key] += more[key];
    return into;
  };
  const current = emptySums();
  const previous = emptySums();
  for (const [day, row] of byDay) add(day >= from ? current : previous, row);
  return {
    days: input.days,
    series: days.map((day) => ({ day, sums: byDay.get(day) ?? emptySums() })),
    current,
    previous,
    perCharacter: Object.fromEntries(perCharacter.map((row) => [String(row.id), { current: pick(row, "_now"), previous: pick(row, "_before") }])),
  };
}
export type CreatorFigures = Awaited<ReturnType<typeof creatorFigures>>;
