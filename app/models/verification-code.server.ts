import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { verificationCodes } from "~/db/schema";
import { hmacHex, sha256Hex } from "~/lib/digest";
import { CODE_MAX_ATTEMPTS, SIGN_IN_MAILS_PER_HOUR, SIGN_IN_CODE_TTL_SECONDS, SIGN_IN_WRONG_CODES_PER_DAY } from "~/spec/limits";

/**
 * One-time codes the service mails (decision 012). Only keyed hashes are stored; each check is one
 * UPDATE that either consumes the row (right code) or counts a wrong attempt, and refuses a row that is
 * used, expired or out of attempts. So 20 parallel guesses cost 20 attempts, and after the fifth
 * wrong one even the right code is refused.
 */

export function sixDigits() {
  // 2^32 is not a multiple of 10^6; redraw the few values that would bias the low codes.
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, "0");
  }
}

function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export type CodeRefusal =
  | { ok: false; reason: "wrong"; attemptsLeft: number }
  | { ok: false; reason: "too-many" | "expired" | "none" }
  /** The address took SIGN_IN_WRONG_CODES_PER_DAY wrong codes; `notify` is its email when this check reached that, once a day. */
  | { ok: false; reason: "day-cap"; notify?: string };
export type CodeCheck = { ok: true; id: string; email: string; callbackUrl: string | null } | CodeRefusal;

type ConsumedRow = { id: string; target: string; callbackUrl: string | null; usedAt: number | null; attempts: number };

async function consume(db: Db, where: SQL, codeHash: string, now: number, guard: SQL = sql`1`): Promise<CodeCheck> {
  const rows = await db.all<ConsumedRow>(sql`
    update verification_codes
    set attempts = attempts + (code_hash <> ${codeHash}),
        used_at = case when code_hash = ${codeHash} then ${now} else used_at end
    where ${where} and used_at is null and attempts < ${CODE_MAX_ATTEMPTS} and expires_at > ${now} and ${guard}
    returning id, target, callback_url as callbackUrl, used_at as usedAt, attempts`);
  const row = rows[0];
  if (!row) return await whyUnusable(db, where, now);
  if (row.usedAt !== null) return { ok: true, id: row.id, email: row.target, callbackUrl: row.callbackUrl };
  const attemptsLeft = CODE_MAX_ATTEMPTS - row.attempts;
  return attemptsLeft > 0 ? { ok: false, reason: "wrong", attemptsLeft } : { ok: false, reason: "too-many" };
}

/** Only explains a refusal already decided by the UPDATE, so the person knows what to do next. */
async function whyUnusable(db: Db, where: SQL, now: number): Promise<CodeRefusal> {
  const [row] = await db.all<{ attempts: number; expiresAt: number; usedAt: number | null }>(
    sql`select attempts, expires_at as expiresAt, used_at as usedAt from verification_codes where ${where} order by created_at desc limit 1`,
  );
  if (!row || row.usedAt !== null) return { ok: false, reason: "none" };
  if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: "too-many" };
  return { ok: false, reason: row.expiresAt <= now ? "expired" : "none" };
}

/**
 * A sign-in challenge for an email: a 6-digit code and a magic-link token. Null when this address was
 * sent SIGN_IN_MAILS_PER_HOUR challenges in the last hour that nobody used (decided in the INSERT).
 */
export async function createSignInChallenge(db: Db, secret: string, input: { email: string; callbackUrl: string }, now = Date.now()) {
  const id = createId();
  const code = sixDigits();
  const token = randomToken();
  const rows = await db.all<{ id: string }>(sql`
    insert into verification_codes (id, user_id, purpose, target, code_hash, token_hash, callback_url, attempts, expires_at, created_at)
    select ${id}, null, 'sign-in', ${input.email}, ${await hmacHex(secret, `sign-in:${id}:${code}`)}, ${await sha256Hex(token)}, ${input.callbackUrl}, 0, ${now + SIGN_IN_CODE_TTL_SECONDS * 1000}, ${now}
    where (select count(*) from verification_codes where purpose = 'sign-in' and target = ${input.email} and used_at is null and created_at > ${now - 3_600_000}) < ${SIGN_IN_MAILS_PER_HOUR}
    returning id`);
  return rows.length ? { id, code, token } : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Wrong codes the challenge's address took in the last 24 hours, across all its challenges (a subquery). */
const wrongCodesToday = (challengeId: string, now: number) => sql`(
  select coalesce(sum(v.attempts), 0) from verification_codes v
  where v.purpose = 'sign-in' and v.created_at > ${now - DAY_MS}
    and v.target = (select c.target from verification_codes c where c.id = ${challengeId}))`;

/**
 * Checks a sign-in code in one statement that also refuses it once the address took
 * SIGN_IN_WRONG_CODES_PER_DAY wrong codes today (so 20 parallel guesses cannot pass the cap). The
 * check that reaches the cap claims the day's one warning mail to the address, in one statement too.
 */
export async function checkSignInCode(db: Db, secret: string, challengeId: string, code: string, now = Date.now()): Promise<CodeCheck> {
  const where = sql`id = ${challengeId} and purpose = 'sign-in'`;
  const checked = await consume(
    db,
    where,
    await hmacHex(secret, `sign-in:${challengeId}:${code}`),
    now,
    sql`${wrongCodesToday(challengeId, now)} < ${SIGN_IN_WRONG_CODES_PER_DAY}`,
  );
  if (checked.ok) return checked;
  const [row] = await db.all<{ target: string; wrong: number }>(
    sql`select target, ${wrongCodesToday(challengeId, now)} as wrong from verification_codes where ${where}`,
  );
  if (!row || row.wrong < SIGN_IN_WRONG_CODES_PER_DAY) return checked;
  const claimed = await db.all(sql`
    insert into rate_counters (key, window_start, count) values (${`code-guessing:${row.target}:${Math.floor(now / DAY_MS)}`}, ${now}, 1)
    on conflict (key) do nothing returning key`);
  return { ok: false, reason: "day-cap", ...(claimed.length ? { notify: row.target } : {}) };
}

/**
 * The live challenge a magic link names (its id and email), without using it up: the link signs in
 * at once only in the browser whose challenge cookie names the same id (decision 026).
 */
export async function findSignInToken(db: Db, token: string, now = Date.now()) {
  const rows = await db.all<{ id: string; email: string }>(sql`
    select id, target as email from verification_codes
    where token_hash = ${await sha256Hex(token)} and purpose = 'sign-in' and used_at is null and attempts < ${CODE_MAX_ATTEMPTS} and expires_at > ${now}`);
  return rows[0] ?? null;
}

/** The magic link: works once, while its challenge is alive. */
export async function redeemSignInToken(db: Db, token: string, now = Date.now()) {
  const tokenHash = await sha256Hex(token);
  const rows = await db.all<ConsumedRow>(sql`
    update verification_codes set used_at = ${now}
    where token_hash = ${tokenHash} and purpose = 'sign-in' and used_at is null and attempts < ${CODE_MAX_ATTEMPTS} and expires_at > ${now}
    returning id, target, callback_url as callbackUrl, used_at as usedAt, attempts`);
  const row = rows[0];
  return row ? ({ ok: true, id: row.id, email: row.target, callbackUrl: row.callbackUrl } as const) : ({ ok: false, reason: "none" } as const);
}

/** The email a live sign-in challenge was sent to (for the "check your email" page), or null. */
export async function challengeEmail(db: Db, challengeId: string, now = Date.now()) {
  const rows = await db.all<{ target: string }>(
    sql`select target from verification_codes where id = ${challengeId} and purpose = 'sign-in' and used_at is null and expires_at > ${now}`,
  );
  return rows[0]?.target ?? null;
}

/** A membership connect code for a signed-in user; replaces the user's earlier codes. */
export async function createConnectCode(db: Db, secret: string, userId: string, email: string, ttlMs: number, now = Date.now()) {
  const code = sixDigits();
  await db.batch([
    db.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, "patreon-connect"))),
    db.insert(verificationCodes).values({
      userId,
      purpose: "patreon-connect",
      target: email,
      codeHash: await hmacHex(secret, `patreon-connect:${userId}:${code}`),
      expiresAt: new Date(now + ttlMs),
      createdAt: new Date(now),
    }),
  ]);
  return code;
}

export async function checkConnectCode(db: Db, secret: string, userId: string, email: string, code: string, now = Date.now()) {
  return await consume(
    db,
    sql`user_id = ${userId} and purpose = 'patreon-connect' and target = ${email}`,
    await hmacHex(secret, `patreon-connect:${userId}:${code}`),
    now,
  );
}
