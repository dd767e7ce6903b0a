import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { announcements } from "~/db/schema";

/** The latest announcements, newest first, dated as YYYY-MM-DD. */
export async function listAnnouncements(db: Db, limit = 50) {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.date)).limit(limit);
  return rows.map((a) => ({ ...a, date: a.date.toISOString().slice(0, 10) }));
}
