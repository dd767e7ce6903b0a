import type { AppLoadContext } from "react-router";
import { and, eq, exists, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authAccounts, paidUsers, patreonConnections, users } from "~/db/schema";
import type { Tier } from "~/spec/tiers";
import { sendMail } from "~/lib/providers/mail.server";
import { limitPerWindow } from "~/lib/http/rate-limit.server";
import { BRAND } from "~/spec/brand";
import { CONNECT_CODE_MAIL as WORDS } from "~/spec/mail";
import { CONNECT_CODE_TTL_MS, CONNECT_CODES_PER_HOUR } from "~/spec/limits";
import { CODE_MESSAGES, RATE_LIMIT_MESSAGES } from "~/spec/messages";
import { checkConnectCode, createConnectCode } from "./verification-code.server";

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

/** Links a Patreon email to the account and applies any membership already recorded for it. */
export async function connectPatreonEmail(db: Db, userId: string, patreonEmail: string) {
  const email = patreonEmail.trim().toLowerCase();
  const existing = await db
    .select({ id: patreonConnections.id })
    .from(patreonConnections)
    .where(and(eq(patreonConnections.userId, userId), eq(patreonConnections.patreonEmail, email)))
    .get();
  if (!existing) {
    const owner = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
    await db
      .insert(patreonConnections)
      .values({ userId, patreonEmail: email, email: owner?.email ?? "" })
      .run();
  }
  const paid = await db
    .select()
    .from(paidUsers)
    .where(and(eq(paidUsers.patreonEmail, email), eq(paidUsers.status, ACTIVE_PATRON)))
    .get();
  if (paid) {
    await db.batch([
      db.update(paidUsers).set({ userId }).where(eq(paidUsers.id, paid.id)),
      db.update(users).set({ tier: paid.tier, isSubscriptionActive: true, updatedAt: new Date() }).where(eq(users.id, userId)),
    ]);
  }
}

export function listConnections(db: Db, userId: string) {
  return db
    .select({
      id: patreonConnections.id,
      patreonEmail: patreonConnections.patreonEmail,
      email: patreonConnections.email,
      createdAt: patreonConnections.createdAt,
    })
    .from(patreonConnections)
    .where(eq(patreonConnections.userId, userId))
    .all();
}

export type MemberEvent = {
  memberId: string;
  /** Patreon's last_charge_date: orders bodies, so a replayed older one changes nothing. */
  lastChargeAt: Date | null;
  email: string | null;
  patronStatus: string | null;
  entitledTierIds: string[];
};

/** The highest product tier among the member's entitled Patreon tiers, by the configured map. */
export function mapTier(tierIds: string[], tierMap: Record<string, "SILVER" | "GOLD">): Tier | null {
  const mapped = tierIds.map((id) => tierMap[id]).filter(Boolean);
  if (mapped.includes("GOLD")) return "GOLD";
  if (mapped.includes("SILVER")) return "SILVER";
  return null;
}

export const ACTIVE_PATRON = "active_patron";

/**
 * Whether a body is older than the state stored: an earlier last charge, or the same charge with an
 * active status after an inactive one was stored (a pledge ends after its last charge, never before).
 */
function isOlder(e: MemberEvent, stored: { lastChargeAt: Date | null; status: string }) {
  const incoming = e.lastChargeAt?.getTime() ?? 0;
  const known = stored.lastChargeAt?.getTime() ?? 0;
  if (incoming !== known) return incoming < known;
  return e.patronStatus === ACTIVE_PATRON && stored.status !== ACTIVE_PATRON;
}

/**
 * Applies one member webhook, from the signed body alone. The result depends only on the payload, so
 * a repeated delivery leaves everything as it was, and a replayed older body changes nothing. An
 * active patron with a mapped tier is a paid user; anything else (declined, former, no mapped tier)
 * keeps the record as inactive and returns the account to FREE.
 */
export async function applyMemberEvent(db: Db, tierMap: Record<string, "SILVER" | "GOLD">, e: MemberEvent) {
  const email = e.email?.trim().toLowerCase() || null;
  const tier = mapTier(e.entitledTierIds, tierMap);
  const active = e.patronStatus === ACTIVE_PATRON && tier !== null;

  const previous = await db.select().from(paidUsers).where(eq(paidUsers.patreonMemberId, e.memberId)).get();
  if (previous && isOlder(e, previous)) return { active: previous.status === ACTIVE_PATRON, tier: previous.tier, userIds: [], ignored: true };
  const lookupEmail = email ?? previous?.patreonEmail ?? null;
  const connected = lookupEmail
    ? await db.select({ userId: patreonConnections.userId }).from(patreonConnections).where(eq(patreonConnections.patreonEmail, lookupEmail)).all()
    : [];
  // Without a connection, the account whose sign-in email is the patron's, if an identity verified it
  // (an address claimed by an unverified identity never receives someone's membership; decision 026).
  const byEmail =
    lookupEmail && connected.length === 0
      ? await db
          .select({ userId: users.id })
          .from(users)
          .where(
            and(
              eq(users.email, lookupEmail),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(authAccounts)
                  .where(and(eq(authAccounts.userId, users.id), eq(authAccounts.emailVerified, true), eq(authAccounts.email, lookupEmail))),
              ),
            ),
          )
          .all()
      : [];
  const userIds = [...new Set([...connected, ...byEmail].map((r) => r.userId))];

  const now = new Date();
  const record = {
    patreonEmail: lookupEmail,
    tier: active ? tier! : ("FREE" as const),
    status: e.patronStatus ?? "former_patron",
    lastChargeAt: e.lastChargeAt,
    lastEventAt: now,
    userId: userIds[0] ?? null,
  };
  await db
    .insert(paidUsers)
    .values({ patreonMemberId: e.memberId, ...record })
    .onConflictDoUpdate({ target: paidUsers.patreonMemberId, set: record })
    .run();
  if (userIds.length > 0) {
    await db
      .update(users)
      .set({ tier: active ? tier! : "FREE", isSubscriptionActive: active, updatedAt: now })
      .where(inArray(users.id, userIds))
      .run();
  }
  return { active, tier: active ? tier : "FREE", userIds };
}
