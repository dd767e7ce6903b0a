/**
 * A character's points (issue 27, decision 047): what the catalog's default "Popular" sort orders by.
 * Lifetime votes count a little; what happened in the last 30 days counts much more, and less each
 * day, so a new character people take to rises above an old one nobody opens any more:
 *
 *   points = 5 × upvotes + 8 × favorites + chats started
 *          + Σ over the last 30 days of (chats started + 5 × upvotes + 8 × favorites) × (30 − days ago)
 *
 * The hourly cron recomputes only the characters with something in the last 31 days (their recent
 * part changes; on the 31st day it falls to the lifetime part), found through indexes, so the work
 * follows the activity, not the size of the catalog.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dayKey } from "~/lib/day-key";

const DAY_MS = 86_400_000;
/** How long an event adds to the recent part, in days. */
export const POINTS_WINDOW_DAYS = 30;

export async function refreshPoints(db: Db, now = Date.now()) {
  const today = dayKey(now);
  const since = now - POINTS_WINDOW_DAYS * DAY_MS;
  const touched = now - (POINTS_WINDOW_DAYS + 1) * DAY_MS;
  // Whole days ago of a time in ms; an event counts (30 − that) while it is younger than 30 days.
  const weight = (at: ReturnType<typeof sql>) => sql`(${POINTS_WINDOW_DAYS} - cast((${now} - ${at}) / ${DAY_MS} as integer))`;
  const rows = await db.all<{ id: string }>(sql`
    update characters set points =
      5 * upvotes + 8 * favorites + chat_count
      + coalesce((select sum(d.chats * (${POINTS_WINDOW_DAYS} - cast(julianday(${today}) - julianday(d.day) as integer)))
          from daily_character_chats d where d.character_id = characters.id and d.day > ${dayKey(since)}), 0)
      + coalesce((select sum(5 * ${weight(sql`u.created_at`)}) from upvotes u where u.character_id = characters.id and u.created_at > ${since}), 0)
      + coalesce((select sum(8 * ${weight(sql`f.created_at`)}) from favorites f where f.character_id = characters.id and f.created_at > ${since}), 0)
    where id in (
      select character_id from daily_character_chats where day >= ${dayKey(touched)}
      union select character_id from upvotes where created_at >= ${touched}
      union select character_id from favorites where created_at >= ${touched})
    returning id`);
  return rows.length;
}
