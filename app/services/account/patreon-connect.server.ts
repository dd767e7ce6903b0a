/**
 * Connecting a Patreon email to an account (spec section 9): a code mailed to that address, then
 * checked. A service: it mails and rate-limits; the models keep the codes and the connections.
 */
import type { AppLoadContext } from "react-router";
import { limitPerWindow } from "~/lib/http/rate-limit.server";
import { sendMail } from "~/lib/providers/mail.server";
import { connectPatreonEmail } from "~/models/patreon.server";
import { checkConnectCode, createConnectCode } from "~/models/verification-code.server";
import { BRAND } from "~/spec/brand";
import { CONNECT_CODE_TTL_MS, CONNECT_CODES_PER_HOUR } from "~/spec/limits";
import { CONNECT_CODE_MAIL as WORDS } from "~/spec/mail";
import { CODE_MESSAGES, RATE_LIMIT_MESSAGES } from "~/spec/messages";

/**
 * Step one of the connect flow: a fresh 6-digit code to the Patreon email (older codes stop
 * working). At most CONNECT_CODES_PER_HOUR codes an hour per user, counted in D1.
 */
export async function sendConnectCode(context: AppLoadContext, userId: string, patreonEmail: string) {
  await limitPerWindow(context.db, {
    key: `connect-codes:${userId}`,
    limit: CONNECT_CODES_PER_HOUR,
    windowMs: 3_600_000,
    message: RATE_LIMIT_MESSAGES.connectCodesPerHour,
  });
  const code = await createConnectCode(context.primaryDb, context.config.sessionSecret, userId, patreonEmail, CONNECT_CODE_TTL_MS);
  await sendMail(context, {
    to: patreonEmail,
    subject: WORDS.subject(BRAND, code),
    text: `${WORDS.enterCode(BRAND)} ${code}\n\n${WORDS.expiry}`,
    html: `<p>${WORDS.enterCode(BRAND)}</p><p style="font-size:22px;letter-spacing:4px"><strong>${code}</strong></p><p>${WORDS.expiry}</p>`,
  });
}

export type VerifyResult = { ok: true } | { ok: false; error: string };

/** Step two: checks the code (15 minutes, 5 attempts, counted in one statement), then connects the email. */
export async function verifyConnectCode(context: AppLoadContext, userId: string, patreonEmail: string, code: string): Promise<VerifyResult> {
  const checked = await checkConnectCode(context.primaryDb, context.config.sessionSecret, userId, patreonEmail, code);
  if (!checked.ok) return { ok: false, error: checked.reason === "wrong" ? CODE_MESSAGES.wrong(checked.attemptsLeft) : CODE_MESSAGES[checked.reason] };
  await connectPatreonEmail(context.db, userId, patreonEmail);
  return { ok: true };
}
