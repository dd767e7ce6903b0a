import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { paidUsers, patreonConnections, users, type Tier } from "~/db/schema";
import { sendMail } from "~/lib/mail.server";
import { limitPerWindow } from "~/lib/rate-limit.server";
import { BRAND } from "~/spec/brand";
import { CONNECT_CODE_TTL_MS, CONNECT_CODES_PER_HOUR } from "~/spec/limits";
import { CODE_MESSAGES, RATE_LIMIT_MESSAGES } from "~/spec/messages";
import { checkConnectCode, createConnectCode } from "./verification-code.server";

/**
 * Step one of the connect flow: a fresh 6-digit code to the Patreon email (older codes stop
 * working). At most CONNECT_CODES_PER_HOUR codes an hour per user, counted in D1.
 */
export async function sendConnectCode(context: AppLoadContext, userId: string, patreonEmail: string) {
  await limitPerWindow(context.db, { key: `connect-codes:${userId}`, limit: CONNECT_CODES_PER_HOUR, windowMs: 3_600_000, message: RATE_LIMIT_MESSAGES.connectCodesPerHour });
  const code = await createConnectCode(context.db, context.config.sessionSecret, userId, patreonEmail, CONNECT_CODE_TTL_MS);
  await sendMail(context, {
    to: patreonEmail,
    subject: `Your ${BRAND} Patreon connection code: ${code}`,
    text: `Enter this code on your ${BRAND} account page to connect this Patreon email: ${code}\n\nIt expires in 15 minutes. If you did not ask for it, ignore this mail.`,
    html: `<p>Enter this code on your ${BRAND} account page to connect this Patreon email:</p><p style="font-size:22px;letter-spacing:4px"><strong>${code}</strong></p><p>It expires in 15 minutes. If you did not ask for it, ignore this mail.</p>`,
  });
}

export type VerifyResult = { ok: true } | { ok: false; error: string };

/** Step two: checks the code (15 minutes, 5 attempts, counted in one statement), then connects the email. */
export async function verifyConnectCode(context: AppLoadContext, userId: string, patreonEmail: string, code: string): Promise<VerifyResult> {
  const checked = await checkConnectCode(context.db, context.config.sessionSecret, userId, patreonEmail, code);
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
    await db.insert(patreonConnections).values({ userId, patreonEmail: email, email: owner?.email ?? "" }).run();
  }
  const paid = await db.select().from(paidUsers).where(eq(paidUsers.patreonEmail, email)).get();
  if (paid) {
    await db.batch([
      db.update(paidUsers).set({ userId }).where(eq(paidUsers.id, paid.id)),
      db.update(users).set({ tier: paid.tier, isSubscriptionActive: true, updatedAt: new Date() }).where(eq(users.id, userId)),
    ]);
  }
}

export function listConnections(db: Db, userId: string) {
  return db
    .select({ id: patreonConnections.id, patreonEmail: patreonConnections.patreonEmail, email: patreonConnections.email, createdAt: patreonConnections.createdAt })
    .from(patreonConnections)
    .where(eq(patreonConnections.userId, userId))
    .all();
}

export type MemberEvent = {
  event: string;
  memberId: string;
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

/**
 * Applies one member webhook. The result depends only on the payload, so a repeated delivery
 * leaves everything as it was. An active patron with a mapped tier is a paid user; anything else
 * (declined, former, deleted, no mapped tier) removes the record and returns the account to FREE.
 */
export async function applyMemberEvent(db: Db, tierMap: Record<string, "SILVER" | "GOLD">, e: MemberEvent) {
  const email = e.email?.trim().toLowerCase() || null;
  const tier = mapTier(e.entitledTierIds, tierMap);
  const deleted = e.event === "members:delete" || e.event === "members:pledge:delete";
  const active = !deleted && e.patronStatus === "active_patron" && tier !== null;

  const previous = await db.select().from(paidUsers).where(eq(paidUsers.patreonMemberId, e.memberId)).get();
  const lookupEmail = email ?? previous?.patreonEmail ?? null;
  const connected = lookupEmail
    ? await db.select({ userId: patreonConnections.userId }).from(patreonConnections).where(eq(patreonConnections.patreonEmail, lookupEmail)).all()
    : [];
  const byEmail = lookupEmail && connected.length === 0 ? await db.select({ userId: users.id }).from(users).where(eq(users.email, lookupEmail)).all() : [];
  const userIds = [...new Set([...connected, ...byEmail].map((r) => r.userId))];

  const now = new Date();
  if (active) {
    await db
      .insert(paidUsers)
      .values({ patreonMemberId: e.memberId, patreonEmail: lookupEmail, tier, status: e.patronStatus!, lastEventAt: now, userId: userIds[0] ?? null })
      .onConflictDoUpdate({ target: paidUsers.patreonMemberId, set: { patreonEmail: lookupEmail, tier, status: e.patronStatus!, lastEventAt: now, userId: userIds[0] ?? null } })
      .run();
  } else if (previous) {
    await db.delete(paidUsers).where(eq(paidUsers.id, previous.id)).run();
  }
  if (userIds.length > 0) {
    await db
      .update(users)
      .set({ tier: active ? tier! : "FREE", isSubscriptionActive: active, updatedAt: now })
      .where(inArray(users.id, userIds))
      .run();
  }
  return { active, tier: active ? tier : "FREE", userIds };
}
