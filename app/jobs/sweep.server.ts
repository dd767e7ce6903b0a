import { lt, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateCounters, sessions, verificationCodes } from "~/db/schema";

const DAY_MS = 86_400_000;

/**
 * What the hourly cron trigger clears away (decision 026): sessions past their expiry, sign-in and
 * connect codes a day after they were made (the daily cap on wrong codes counts a day back), and
 * rate-limit counters two days past their window (the longest window is a day). Answers how many of each.
 */
export async function sweepExpired(db: Db, now = Date.now()) {
  const [gone, codes, counters] = await db.batch([
    db.delete(sessions).where(lte(sessions.expiresAt, new Date(now))),
    db.delete(verificationCodes).where(lt(verificationCodes.createdAt, new Date(now - DAY_MS))),
    db.delete(rateCounters).where(lt(rateCounters.windowStart, now - 2 * DAY_MS)),
  ]);
  return { sessions: gone.meta.changes, codes: codes.meta.changes, counters: counters.meta.changes };
}
