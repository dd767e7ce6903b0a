/**
 * Trending (issue 64): characters ranked by chats started in the last 24 hours, or 7 days. A chat's
 * start adds one to its character's hour (hourly_character_chats, in the same D1 batch as its other
 * counts); the hourly cron turns the hours into `characters.trending_day` and `trending_week`, which
 * the catalog walks by index like any other order. Only characters whose sums can have changed are
 * rewritten: those with a chat in the last hours, and those whose hours are leaving a window.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

export const HOUR_MS = 3_600_000;
export const hourOf = (time: number) => Math.floor(time / HOUR_MS);
/** The windows, in whole hours before the one now (the cron runs as an hour begins, so those are the last 24 hours, or 7 days). */
export const TRENDING_HOURS = { day: 24, week: 168 } as const;
/** A missed cron run or two is caught up: characters touched within this many hours of an edge are recounted. */
const SLACK_HOURS = 3;
/** How long hourly counts are kept (the sweep). */
export const HOURLY_KEPT_HOURS = TRENDING_HOURS.week + 24;

/** Recounts the trending sums of the characters that may have moved; how many were rewritten. */
export async function refreshTrending(db: Db, now = Date.now()) {
  const hour = hourOf(now);
  const since = (hours: number) => hour - hours;
  const edge = (hours: number) => sql`(hour between ${since(hours) - SLACK_HOURS - 1} and ${since(hours)})`;
  const rows = await db.all<{ id: string }>(sql`
    update characters set
      trending_day = coalesce((select sum(h.chats) from hourly_character_chats h
        where h.character_id = characters.id and h.hour >= ${since(TRENDING_HOURS.day)} and h.hour < ${hour}), 0),
      trending_week = coalesce((select sum(h.chats) from hourly_character_chats h
        where h.character_id = characters.id and h.hour >= ${since(TRENDING_HOURS.week)} and h.hour < ${hour}), 0)
    where id in (
      select character_id from hourly_character_chats
      where hour >= ${hour - SLACK_HOURS} or ${edge(TRENDING_HOURS.day)} or ${edge(TRENDING_HOURS.week)})
    returning id`);
  return rows.length;
}
