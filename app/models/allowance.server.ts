import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messageTokens } from "~/db/schema";

export type AllowanceConfig = { size: number; periodMs: number };
export type AllowanceRow = { token: number; resetAt: Date };

/** The stored allowance row (for a batch; readAllowance then takes it as `known`). */
export const allowanceQuery = (db: Db, userId: string) =>
  db.select({ token: messageTokens.token, resetAt: messageTokens.resetAt }).from(messageTokens).where(eq(messageTokens.userId, userId)).limit(1);

/**
 * The message allowance of a user without an active subscription. It resets lazily: the first read
 * after `resetAt` (or the first read ever) refills it and starts a new period. `known` is the row
 * when the caller read it already (null: there is none).
 */
export async function readAllowance(db: Db, userId: string, config: AllowanceConfig, now = Date.now(), known?: AllowanceRow | null) {
  const row = known !== undefined ? known : await allowanceQuery(db, userId).get();
  if (row && row.resetAt.getTime() > now) return row;
  const fresh = { token: config.size, resetAt: new Date(now + config.periodMs) };
  await db.insert(messageTokens).values({ userId, ...fresh }).onConflictDoUpdate({ target: messageTokens.userId, set: fresh }).run();
  return fresh;
}
