import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { imageTokens, messageTokens } from "~/db/schema";

export type AllowanceConfig = { size: number; periodMs: number };
export type AllowanceRow = { token: number; resetAt: Date };
/** The two allowances: messages (users without a subscription) and pictures (everyone, by tier; decision 017). */
type Counter = typeof messageTokens | typeof imageTokens;

/** The stored allowance row (for a batch; readAllowance then takes it as `known`). */
export const allowanceQuery = (db: Db, userId: string, counter: Counter = messageTokens) =>
  db.select({ token: counter.token, resetAt: counter.resetAt }).from(counter).where(eq(counter.userId, userId)).limit(1);

/**
 * An allowance as it stands. It resets lazily: the first read after `resetAt` (or the first read
 * ever) refills it and starts a new period. `known` is the row when the caller read it already
 * (null: there is none).
 */
export async function readAllowance(
  db: Db,
  userId: string,
  config: AllowanceConfig,
  now = Date.now(),
  known?: AllowanceRow | null,
  counter: Counter = messageTokens,
) {
  const row = known !== undefined ? known : await allowanceQuery(db, userId, counter).get();
  if (row && row.resetAt.getTime() > now) return row;
  const fresh = { token: config.size, resetAt: new Date(now + config.periodMs) };
  await db
    .insert(counter)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: counter.userId, set: fresh })
    .run();
  return fresh;
}

/** One message (or picture) taken from the allowance before it is made; given back if making it fails. */
export type Reservation = { userId: string; resetAt: Date };

/**
 * Takes one from the allowance, refilling it first when its period is over. One upsert decides:
 * with 1 left, 10 parallel calls get exactly 1 reservation. `ok: false` carries when it refills.
 */
async function reserve(
  counter: Counter,
  db: Db,
  userId: string,
  config: AllowanceConfig,
  now: number,
): Promise<{ ok: true; reservation: Reservation } | { ok: false; resetAt: Date }> {
  const nextReset = now + config.periodMs;
  const first = Math.max(config.size - 1, -1);
  const [row] = await db.all<{ resetAt: number }>(sql`
    insert into ${counter} (user_id, token, reset_at) select ${userId}, ${first}, ${nextReset} where ${first} >= 0
    on conflict (user_id) do update set
      token = case when reset_at <= ${now} then ${first} else token - 1 end,
      reset_at = case when reset_at <= ${now} then ${nextReset} else reset_at end
    where (reset_at <= ${now} and ${first} >= 0) or (reset_at > ${now} and token > 0)
    returning reset_at as resetAt`);
  if (row) return { ok: true, reservation: { userId, resetAt: new Date(row.resetAt) } };
  const current = await allowanceQuery(db, userId, counter).get();
  return { ok: false, resetAt: current && current.resetAt.getTime() > now ? current.resetAt : new Date(nextReset) };
}

/** Gives a reservation back (a failed reply or picture), unless its period has ended since. */
async function refund(counter: Counter, db: Db, reservation: Reservation, config: Pick<AllowanceConfig, "size">) {
  await db
    .update(counter)
    .set({ token: sql`min(${counter.token} + 1, ${config.size})` })
    .where(and(eq(counter.userId, reservation.userId), eq(counter.resetAt, reservation.resetAt)))
    .run();
}

export const reserveMessage = (db: Db, userId: string, config: AllowanceConfig, now = Date.now()) => reserve(messageTokens, db, userId, config, now);
export const refundMessage = (db: Db, reservation: Reservation, config: Pick<AllowanceConfig, "size">) => refund(messageTokens, db, reservation, config);
export const reserveImage = (db: Db, userId: string, config: AllowanceConfig, now = Date.now()) => reserve(imageTokens, db, userId, config, now);
export const refundImage = (db: Db, reservation: Reservation, config: Pick<AllowanceConfig, "size">) => refund(imageTokens, db, reservation, config);
export const readImageAllowance = (db: Db, userId: string, config: AllowanceConfig, now = Date.now()) =>
  readAllowance(db, userId, config, now, undefined, imageTokens);
