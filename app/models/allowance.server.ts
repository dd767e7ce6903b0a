import { and, eq, sql } from "drizzle-orm";
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
  await db
    .insert(messageTokens)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: messageTokens.userId, set: fresh })
    .run();
  return fresh;
}

/** One message taken from the allowance before a reply is written; given back if the reply fails. */
export type Reservation = { userId: string; resetAt: Date };

/**
 * Takes one message from the allowance, refilling it first when its period is over. One upsert
 * decides: with 1 message left, 10 parallel calls get exactly 1 reservation. `ok: false` carries
 * when the allowance refills.
 */
export async function reserveMessage(
  db: Db,
  userId: string,
  config: AllowanceConfig,
  now = Date.now(),
): Promise<{ ok: true; reservation: Reservation } | { ok: false; resetAt: Date }> {
  const nextReset = now + config.periodMs;
  const first = Math.max(config.size - 1, -1);
  const [row] = await db.all<{ resetAt: number }>(sql`
    insert into message_tokens (user_id, token, reset_at) select ${userId}, ${first}, ${nextReset} where ${first} >= 0
    on conflict (user_id) do update set
      token = case when reset_at <= ${now} then ${first} else token - 1 end,
      reset_at = case when reset_at <= ${now} then ${nextReset} else reset_at end
    where (reset_at <= ${now} and ${first} >= 0) or (reset_at > ${now} and token > 0)
    returning reset_at as resetAt`);
  if (row) return { ok: true, reservation: { userId, resetAt: new Date(row.resetAt) } };
  const current = await allowanceQuery(db, userId).get();
  return { ok: false, resetAt: current && current.resetAt.getTime() > now ? current.resetAt : new Date(nextReset) };
}

/** Gives a reserved message back (a failed reply), unless its period has ended since. */
export async function refundMessage(db: Db, reservation: Reservation, config: AllowanceConfig) {
  await db
    .update(messageTokens)
    .set({ token: sql`min(${messageTokens.token} + 1, ${config.size})` })
    .where(and(eq(messageTokens.userId, reservation.userId), eq(messageTokens.resetAt, reservation.resetAt)))
    .run();
}
