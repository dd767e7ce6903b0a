import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { devMails } from "~/db/schema";

/** The dev outbox, newest last (at most the 200 newest). */
export async function listDevMails(db: Db) {
  const rows = await db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(200).all();
  return rows.reverse().map(({ to, subject, text, html, createdAt }) => ({ to, subject, text, html, createdAt: createdAt.toISOString() }));
}
