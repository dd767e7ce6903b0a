/**
 * The daily rollup behind /mods/analytics (decision 022). The hourly cron trigger (wrangler.toml
 * `[triggers] crons`, the `scheduled` handler in server.ts) rolls up today and yesterday (UTC), so
 * the page reads one row a day instead of the whole database. One upsert per day: a re-run writes
 * the same row. Chat figures come from the event tables (activity-events.server.ts, decision 028),
 * never from anyone's chats.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dailyStats } from "~/db/schema";
import { dayKey } from "~/lib/day-key";

const DAY_MS = 86_400_000;

const dayStart = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/** Rolls up the UTC day containing `time`: what happened in it, and the state now. */
export async function rollupDay(db: Db, time: number, now = Date.now(), isBackfill = false) {
  const from = dayStart(time);
  const to = from + DAY_MS;
  const key = dayKey(from);
  const [row] = await db.all<Record<string, number>>(sql`
    select
      (select count(*) from users where created_at >= ${from} and created_at < ${to}) as signups,
      (select count(*) from daily_active_users where day = ${key}) as activeUsers,
      (select coalesce(sum(count), 0) from daily_activity where day = ${key} and metric = 'messages_sent') as messagesSent,
      (select coalesce(sum(count), 0) from daily_activity where day = ${key} and metric = 'replies') as replies,
      (select coalesce(sum(count), 0) from daily_activity where day = ${key} and metric = 'replies_failed') as repliesFailed,
      (select count(*) from generated_images where created_at >= ${from} and created_at < ${to}) as imagesMade,
      (select coalesce(sum(count), 0) from daily_activity where day = ${key} and metric = 'stories_made') as storiesMade,
      (select coalesce(sum(count), 0) from daily_activity where day = ${key} and metric = 'upgrade_clicks') as upgradeClicks,
      (select count(*) filter (where tier = 'FREE') from users) as usersFree,
      (select count(*) filter (where tier = 'SILVER') from users) as usersSilver,
      (select count(*) filter (where tier = 'GOLD') from users) as usersGold,
      (select count(*) from users u where u.is_subscription_active = 1
        or exists(select 1 from paid_users p where p.user_id = u.id and p.status = 'active_patron')) as payingUsers,
      (select count(*) from reports where status = 'open') as openReports,
      (select count(*) from screen_events where day = ${key}) as screened`);
  const top = await db.all<{ id: string; name: string; chats: number }>(sql`
    select c.id as id, c.name as name, sum(d.chats) as chats from daily_character_chats d join characters c on c.id = d.character_id
    where d.day > ${dayKey(from - 7 * DAY_MS)} and d.day <= ${key}
    group by c.id order by chats desc, c.id limit 5`);
  const values = {
    signups: row.signups,
    activeUsers: row.activeUsers,
    messagesSent: row.messagesSent,
    replies: row.replies,
    repliesFailed: row.repliesFailed,
    imagesMade: row.imagesMade,
    storiesMade: row.storiesMade,
    upgradeClicks: row.upgradeClicks,
    usersFree: row.usersFree,
    usersSilver: row.usersSilver,
    usersGold: row.usersGold,
    payingUsers: row.payingUsers,
    openReports: row.openReports,
    screened: row.screened,
    topCharacters: top,
    isBackfill,
    updatedAt: new Date(now),
  };
  await db
    .insert(dailyStats)
    .values({ day: dayKey(from), ...values })
    .onConflictDoUpdate({ target: dailyStats.day, set: values })
    .run();
  return { day: dayKey(from), ...values };
}

/**
 * Today so far; yesterday again until a rollup has run after it ended (its last hours); and any of
 * the 29 days before without a row (a new deployment, a trigger that did not run), marked as filled
 * in later: their counts are real, but the state columns (tiers, open reports) are today's, so the
 * page leaves those out. Days already final stay as they are.
 */
export async function rollupRecent(db: Db, now = Date.now()) {
  const today = dayStart(now);
  const first = today - 29 * DAY_MS;
  const rows = await db
    .select({ day: dailyStats.day, updatedAt: dailyStats.updatedAt })
    .from(dailyStats)
    .where(sql`${dailyStats.day} >= ${dayKey(first)}`);
  const have = new Map(rows.map((r) => [r.day, r.updatedAt.getTime()]));
  for (let day = first; day < today - DAY_MS; day += DAY_MS) if (!have.has(dayKey(day))) await rollupDay(db, day, now, true);
  const yesterday = have.get(dayKey(today - DAY_MS));
  if (yesterday === undefined || yesterday < today) await rollupDay(db, today - DAY_MS, now, yesterday === undefined);
  await rollupDay(db, now, now);
}
