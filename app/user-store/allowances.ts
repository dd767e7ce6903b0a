/**
 * A user's allowances inside their own object (decision 042): how many messages (or pictures) are
 * left this period. Every method is synchronous SQLite in the object's thread, so each is atomic on
 * its own and parallel calls are decided one after another: with 1 left, 20 calls at once get
 * exactly one.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { allowances, type AllowanceKind } from "./schema";

export type AllowanceConfig = { size: number; periodMs: number };
export type AllowanceState = { token: number; resetAt: Date };
export type Reserved = { ok: true; resetAt: Date } | { ok: false; resetAt: Date };

/** Told of every change to what is left (a take, a refund, a refill), as it is made: inside the caller's transaction, if any. */
export type AllowanceChanged = (kind: AllowanceKind, state: AllowanceState) => void;

export class AllowanceTables {
  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly changed: AllowanceChanged = () => {},
  ) {}

  private row(kind: AllowanceKind) {
    return this.db.select({ token: allowances.token, resetAt: allowances.resetAt }).from(allowances).where(eq(allowances.kind, kind)).get();
  }

  private refill(kind: AllowanceKind, config: AllowanceConfig, now: number, token: number) {
    const fresh = { token, resetAt: new Date(now + config.periodMs) };
    this.db
      .insert(allowances)
      .values({ kind, ...fresh })
      .onConflictDoUpdate({ target: allowances.kind, set: fresh })
      .run();
    this.changed(kind, fresh);
    return fresh;
  }

  /** The allowance as it stands, without refilling: null when there is none yet or its period is over. */
  peek(kind: AllowanceKind, now: number): AllowanceState | null {
    const row = this.row(kind);
    return row && row.resetAt.getTime() > now ? row : null;
  }

  /** The allowance as it stands; the first read after its period ends (or the first ever) refills it. */
  read(kind: AllowanceKind, config: AllowanceConfig, now: number): AllowanceState {
    const row = this.row(kind);
    if (row && row.resetAt.getTime() > now) return row;
    return this.refill(kind, config, now, config.size);
  }

  /** Takes one, refilling first when the period is over; refused (with when it refills) when none is left. */
  reserve(kind: AllowanceKind, config: AllowanceConfig, now: number): Reserved {
    const current = this.read(kind, config, now);
    if (current.token <= 0) return { ok: false, resetAt: current.resetAt };
    this.db
      .update(allowances)
      .set({ token: current.token - 1 })
      .where(eq(allowances.kind, kind))
      .run();
    this.changed(kind, { token: current.token - 1, resetAt: current.resetAt });
    return { ok: true, resetAt: current.resetAt };
  }

  /** Takes `amount` (seconds of calls), or what is left when that is less; what is left after. Refills first when the period is over. */
  take(kind: AllowanceKind, config: AllowanceConfig, now: number, amount: number): AllowanceState {
    const current = this.read(kind, config, now);
    if (amount <= 0) return current;
    const after = { token: Math.max(0, current.token - amount), resetAt: current.resetAt };
    this.db.update(allowances).set({ token: after.token }).where(eq(allowances.kind, kind)).run();
    this.changed(kind, after);
    return after;
  }

  /** Gives one back (a failed reply or picture), unless the period it was taken from has ended. */
  refund(kind: AllowanceKind, resetAt: Date, size: number): boolean {
    const given = this.db
      .update(allowances)
      .set({ token: sql`min(${allowances.token} + 1, ${size})` })
      .where(and(eq(allowances.kind, kind), eq(allowances.resetAt, resetAt)))
      .returning({ token: allowances.token })
      .all();
    if (given[0]) this.changed(kind, { token: given[0].token, resetAt });
    return given.length > 0;
  }

  /** Sets what is left and until when (tests set up a user's allowance with it). */
  put(kind: AllowanceKind, state: AllowanceState) {
    this.db
      .insert(allowances)
      .values({ kind, ...state })
      .onConflictDoUpdate({ target: allowances.kind, set: state })
      .run();
    this.changed(kind, state);
  }

  /** A seeded allowance (UserStore.takeRows): what the object has already wins. */
  insertRow(kind: AllowanceKind, state: AllowanceState) {
    this.db
      .insert(allowances)
      .values({ kind, ...state })
      .onConflictDoNothing()
      .run();
  }
}

/** One message (or picture) taken from the allowance before it is made; given back if making it fails. */
export type Reservation = { userId: string; resetAt: Date };
