import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { devMails } from "~/db/schema";
import type { Config } from "~/lib/config.server";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The outbox shows sign-in codes: only outside production, and only to this machine. */
export function isDevOutboxOpen(request: Request, config: Pick<Config, "isProduction">) {
  return !config.isProduction && LOOPBACK.has(new URL(request.url).hostname);
}

/** The dev outbox, newest last (at most the 200 newest). */
export async function listDevMails(db: Db) {
  const rows = await db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(200).all();
  return rows.reverse().map(({ to, subject, text, html, createdAt }) => ({ to, subject, text, html, createdAt: createdAt.toISOString() }));
}
