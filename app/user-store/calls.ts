/**
 * Voice calls in the person's object (issue 63, decision 090): the time a call takes is charged from
 * the "call" allowance (seconds) by the server's clock, from its start up to its latest request, in
 * one synchronous step each time, so parallel requests never charge a second twice or take more than
 * is left. One call is open at a time: starting one ends the others.
 */
import { sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import type { AllowanceConfig, AllowanceTables } from "./allowances";

export type CallState =
  { ok: true; secondsLeft: number; resetAt: string; chatKey: string } | { ok: false; reason: "minutes" | "ended"; resetAt: string | null };

type CallRow = { id: string; chat_key: string; started_at: number; charged_until: number; ended_at: number | null };

export class CallTables {
  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly transaction: <T>(work: () => T) => T,
    private readonly allowances: AllowanceTables,
  ) {}

  /** Opens a call on a chat (`chatKey`: a character's id or `group:<id>`), ending any other; refused when no call time is left. */
  start(callId: string, chatKey: string, config: AllowanceConfig, now: number): CallState {
    return this.transaction(() => {
      for (const open of this.db.all<{ id: string }>(sql`select id from calls where ended_at is null`)) this.close(open.id, config, now);
      const left = this.allowances.read("call", config, now);
      if (left.token <= 0) return { ok: false, reason: "minutes", resetAt: left.resetAt.toISOString() };
      this.db.run(sql`insert into calls (id, chat_key, started_at, charged_until) values (${callId}, ${chatKey}, ${now}, ${now})`);
      return { ok: true, secondsLeft: left.token, resetAt: left.resetAt.toISOString(), chatKey };
    });
  }

  /** Charges the call's time up to now (the call's chat with it); ends it (refused) when the time left runs out, or when it had ended. */
  charge(callId: string, config: AllowanceConfig, now: number): CallState {
    return this.transaction(() => {
      const call = this.call(callId);
      if (!call || call.ended_at !== null) return { ok: false, reason: "ended", resetAt: null };
      const left = this.take(call, config, now);
      if (left.token > 0) return { ok: true, secondsLeft: left.token, resetAt: left.resetAt.toISOString(), chatKey: call.chat_key };
      this.db.run(sql`update calls set ended_at = ${now} where id = ${callId}`);
      return { ok: false, reason: "minutes", resetAt: left.resetAt.toISOString() };
    });
  }

  /** Ends a call (its time charged up to now); what is left afterwards. Ending it again changes nothing. */
  end(callId: string, config: AllowanceConfig, now: number): { secondsLeft: number; resetAt: string } {
    return this.transaction(() => {
      this.close(callId, config, now);
      const left = this.allowances.read("call", config, now);
      return { secondsLeft: left.token, resetAt: left.resetAt.toISOString() };
    });
  }

  private close(callId: string, config: AllowanceConfig, now: number) {
    const call = this.call(callId);
    if (!call || call.ended_at !== null) return;
    this.take(call, config, now);
    this.db.run(sql`update calls set ended_at = ${now} where id = ${callId}`);
  }

  private call(callId: string) {
    return this.db.all<CallRow>(sql`select id, chat_key, started_at, charged_until, ended_at from calls where id = ${callId}`)[0] ?? null;
  }

  /** Takes the whole seconds since the call was last charged (at most what is left), and moves its mark to the second charged. */
  private take(call: CallRow, config: AllowanceConfig, now: number) {
    const seconds = Math.floor((now - call.charged_until) / 1000);
    const left = this.allowances.take("call", config, now, seconds);
    this.db.run(sql`update calls set charged_until = ${call.charged_until + seconds * 1000} where id = ${call.id}`);
    return left;
  }
}
