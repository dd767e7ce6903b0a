import type { AppLoadContext } from "react-router";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { RATE_LIMIT_MESSAGES } from "~/spec/messages";
import { jsonError } from "~/lib/http/http.server";

/**
 * Limits for abuse-prone calls (decision 012). Minute budgets use the Workers Rate Limiting
 * bindings declared in wrangler.toml (the budget lives there); longer windows are counted in D1 with
 * one atomic upsert. Over a limit, the call answers 429 with Retry-After and a message in plain words.
 */
export const MINUTE_LIMITS = {
  signIn: "LIMIT_SIGN_IN",
  code: "LIMIT_CODE",
  chat: "LIMIT_CHAT",
  create: "LIMIT_CREATE",
  jobs: "LIMIT_JOBS",
  public: "LIMIT_PUBLIC",
  call: "LIMIT_CALL",
} as const;
export type MinuteLimit = keyof typeof MINUTE_LIMITS;

const MINUTE = 60;

/** The 429 answer: the message in plain words, and when to try again. Guards throw it, like a 401. */
export function tooManyRequests(message: string, retryAfterSeconds: number, details?: Parameters<typeof jsonError>[2]) {
  const response = jsonError(429, message, details);
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}

/** The 429 answer of an empty allowance (messages or pictures): its message, and when it refills. */
export const allowanceEmpty = (message: (resetAt: string) => string, resetAt: Date) =>
  tooManyRequests(message(resetAt.toUTCString()), Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)), {
    code: "allowance_empty",
    resetAt: resetAt.toISOString(),
  });

/** The caller's address as Cloudflare reports it (set by the edge, not by the client). */
export function clientIp(request: Request) {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

/** Spends one call of a minute budget for `key`; throws the 429 answer when it is used up. */
export async function limitPerMinute(context: AppLoadContext, name: MinuteLimit, key: string) {
  const binding = (context.env as unknown as Record<string, RateLimit | undefined>)[MINUTE_LIMITS[name]];
  if (!binding) throw new Error(`The rate limit binding ${MINUTE_LIMITS[name]} is missing from wrangler.toml`);
  const { success } = await binding.limit({ key: `${name}:${key}` });
  if (!success) throw tooManyRequests(RATE_LIMIT_MESSAGES[name], MINUTE);
}

/**
 * Counts one call in a fixed window of `windowMs` kept in D1 and throws the 429 answer past `limit`.
 * The count is decided by one upsert, so parallel calls cannot both see room for the last one.
 */
export async function limitPerWindow(db: Db, input: { key: string; limit: number; windowMs: number; message: string }, now = Date.now()) {
  const windowStart = Math.floor(now / input.windowMs) * input.windowMs;
  const [row] = await db.all<{ count: number }>(sql`
    insert into rate_counters (key, window_start, count) values (${input.key}, ${windowStart}, 1)
    on conflict (key) do update set
      count = case when window_start = ${windowStart} then count + 1 else 1 end,
      window_start = ${windowStart}
    returning count`);
  if (row.count > input.limit) throw tooManyRequests(input.message, Math.max(1, Math.ceil((windowStart + input.windowMs - now) / 1000)));
}

/**
 * Spends `amount` of a budget of `limit` per fixed window of `windowMs` kept in D1 (the rows a day's
 * imports may add): taken only when all of it fits, in one statement, so parallel spends never pass
 * the budget together; otherwise the 429 answer, and nothing is taken.
 */
export async function spendPerWindow(db: Db, input: { key: string; amount: number; limit: number; windowMs: number; message: string }, now = Date.now()) {
  const windowStart = Math.floor(now / input.windowMs) * input.windowMs;
  const refuse = () => tooManyRequests(input.message, Math.max(1, Math.ceil((windowStart + input.windowMs - now) / 1000)));
  if (input.amount > input.limit) throw refuse();
  const after = sql`case when rate_counters.window_start = ${windowStart} then rate_counters.count + ${input.amount} else ${input.amount} end`;
  const rows = await db.all<{ count: number }>(sql`
    insert into rate_counters (key, window_start, count) values (${input.key}, ${windowStart}, ${input.amount})
    on conflict (key) do update set count = ${after}, window_start = ${windowStart}
    where ${after} <= ${input.limit}
    returning count`);
  if (!rows.length) throw refuse();
}
