import { lt, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  characterChatters,
  characterDaily,
  notifications,
  dailyActiveUsers,
  dailyActivity,
  dailyCharacterChats,
  hourlyCharacterChats,
  rateCounters,
  sessions,
  verificationCodes,
} from "~/db/schema";
import { HOURLY_KEPT_HOURS, hourOf } from "./trending.server";
import { dayKey } from "~/lib/day-key";

const DAY_MS = 86_400_000;
/** How long the daily figures' event rows are kept: twice the 30 days the rollup looks back. */
const EVENT_DAYS = 60;
/** Who was active is one row per person a day: kept only until the rollup has finished the day (it finishes yesterday in today's first hours). */
const ACTIVE_USER_DAYS = 3;

/**
 * What the hourly cron trigger clears away (decision 026): sessions past their expiry, sign-in and
 * connect codes a day after they were made (the daily cap on wrong codes counts a day back), and
 * rate-limit counters two days past their window (the longest window is a day), and the daily
 * figures' event rows after 60 days (the rollup reads 30 back), active users after 3 (decision 028),
 * Trending's hours after 8 days, the creators' daily figures after 181 and their chatters after 90, notifications after 90 (issue 64). Answers how many of each.
 */
export async function sweepExpired(db: Db, now = Date.now()) {
  const [gone, codes, counters] = await db.batch([
    db.delete(sessions).where(lte(sessions.expiresAt, new Date(now))),
    db.delete(verificationCodes).where(lt(verificationCodes.createdAt, new Date(now - DAY_MS))),
    db.delete(rateCounters).where(lt(rateCounters.windowStart, now - 2 * DAY_MS)),
    db.delete(dailyActivity).where(lt(dailyActivity.day, dayKey(now - EVENT_DAYS * DAY_MS))),
    db.delete(dailyActiveUsers).where(lt(dailyActiveUsers.day, dayKey(now - ACTIVE_USER_DAYS * DAY_MS))),
    db.delete(dailyCharacterChats).where(lt(dailyCharacterChats.day, dayKey(now - EVENT_DAYS * DAY_MS))),
    // Trending's hours (issue 64), once past both its windows.
    db.delete(hourlyCharacterChats).where(lt(hourlyCharacterChats.hour, hourOf(now) - HOURLY_KEPT_HOURS)),
    // The creators' figures (issue 64): a 90-day period and the one before; chatters for "returning" 90 days.
    db.delete(characterDaily).where(lt(characterDaily.day, dayKey(now - 181 * DAY_MS))),
    db.delete(characterChatters).where(lt(characterChatters.day, dayKey(now - 90 * DAY_MS))),
    // The bell's notifications, after 90 days (read or not; the unread count follows by trigger).
    db.delete(notifications).where(lt(notifications.createdAt, new Date(now - 90 * DAY_MS))),
  ]);
  return { sessions: gone.meta.changes, codes: codes.meta.changes, counters: counters.meta.changes };
}
