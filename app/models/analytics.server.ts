import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dailyStats } from "~/db/schema";

export type StatsRow = typeof dailyStats.$inferSelect;

/** The figures /mods/analytics shows, each a series over the last 30 rolled-up days (oldest first). */
export const FIGURES = [
  { key: "signups", label: "Signups", value: (r: StatsRow) => r.signups },
  { key: "activeUsers", label: "Daily active users", value: (r: StatsRow) => r.activeUsers },
  { key: "messagesSent", label: "Messages sent", value: (r: StatsRow) => r.messagesSent },
  { key: "repliesFailed", label: "Replies failed (%)", value: (r: StatsRow) => (r.replies ? Math.round((r.repliesFailed / r.replies) * 1000) / 10 : 0) },
  { key: "imagesMade", label: "Images made", value: (r: StatsRow) => r.imagesMade },
  { key: "storiesMade", label: "Stories made", value: (r: StatsRow) => r.storiesMade },
  { key: "upgradeClicks", label: "Upgrade clicks", value: (r: StatsRow) => r.upgradeClicks },
  // State at the rollup: unknown for a day filled in later.
  { key: "payingUsers", label: "Paying users", value: (r: StatsRow) => (r.isBackfill ? null : r.payingUsers) },
  { key: "openReports", label: "Open reports", value: (r: StatsRow) => (r.isBackfill ? null : r.openReports) },
  { key: "screened", label: "Texts stopped by the safety gate", value: (r: StatsRow) => r.screened },
] as const;

/** The last 30 days' rows and the figures drawn from them; the latest row also gives tiers and top characters. */
export async function analytics(db: Db) {
  const rows = (await db.select().from(dailyStats).orderBy(desc(dailyStats.day)).limit(30)).reverse();
  const latest = rows.at(-1) ?? null;
  return {
    days: rows.map((r) => r.day),
    figures: FIGURES.map((f) => ({ key: f.key, label: f.label, points: rows.map((r) => ({ day: r.day, value: f.value(r) })) })),
    tiers: latest ? { FREE: latest.usersFree, SILVER: latest.usersSilver, GOLD: latest.usersGold, paying: latest.payingUsers } : null,
    topCharacters: latest?.topCharacters ?? [],
    updatedAt: latest?.updatedAt.toISOString() ?? null,
  };
}
export type Analytics = Awaited<ReturnType<typeof analytics>>;
