import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messageTokens } from "~/db/schema";

export type AllowanceConfig = { size: number; periodMs: number };

/**
 * The message allowance of a user without an active subscription. It resets lazily: the first read
 * after `resetAt` (or the first read ever) refills it and starts a new period.
 */
export async function readAllowance(db: Db, userId: string, config: AllowanceConfig, now = Date.now()) {
  const row = await db.select({ token: messageTokens.token, resetAt: messageTokens.resetAt }).from(messageTokens).where(eq(messageTokens.userId, userId)).get();
  if (row && row.resetAt.getTime() > now) return row;
  const fresh = { token: config.size, resetAt: new Date(now + config.periodMs) };
  await db.insert(messageTokens).values({ userId, ...fresh }).onConflictDoUpdate({ target: messageTokens.userId, set: fresh }).run();
  return fresh;
}
