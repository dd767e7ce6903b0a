import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { paidUsers, patreonConnections, users, verificationCodes, type Tier } from "~/db/schema";
import { sendMail } from "~/lib/mail.server";
import { BRAND } from "~/spec/brand";
import { CONNECT_CODE_MAX_ATTEMPTS, CONNECT_CODE_TTL_MS } from "~/spec/limits";

const PURPOSE = "patreon-connect";

async function hashCode(secret: string, code: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${secret}:${code}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function sixDigits() {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(n % 1_000_000).padStart(6, "0");
}

/** Step one of the connect flow: a fresh 6-digit code to the Patreon email (older codes stop working). */
export async function sendConnectCode(context: AppLoadContext, userId: string, patreonEmail: string) {
  const code = sixDigits();
  await context.db.batch([
    context.db.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, PURPOSE))),
    context.db.insert(verificationCodes).values({
      userId,
      purpose: PURPOSE,
      target: patreonEmail,
      codeHash: await hashCode(context.config.sessionSecret, code),
      expiresAt: new Date(Date.now() + CONNECT_CODE_TTL_MS),
    }),
  ]);
  await sendMail(context, {
    to: patreonEmail,
    subject: `Your ${BRAND} Patreon connection code: ${code}`,
    text: `Enter this code on your ${BRAND} account page to connect this Patreon email: ${code}\n\nIt expires in 15 minutes. If you did not ask for it, ignore this mail.`,
    html: `<p>Enter this code on your ${BRAND} account page to connect this Patreon email:</p><p style="font-size:22px;letter-spacing:4px"><strong>${code}</strong></p><p>It expires in 15 minutes. If you did not ask for it, ignore this mail.</p>`,
  });
}

export type VerifyResult = { ok: true } | { ok: false; error: string };

/** Step two: checks the code (15 minutes, 5 attempts), then connects the email. */
export async function verifyConnectCode(context: AppLoadContext, userId: string, patreonEmail: string, code: string): Promise<VerifyResult> {
  const { db } = context;
  const row = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, PURPOSE), eq(verificationCodes.target, patreonEmail)))
    .orderBy(desc(verificationCodes.createdAt))
    .get();
  if (!row) return { ok: false, error: "No code was sent to this email. Ask for a code first." };
  if (row.expiresAt.getTime() < Date.now()) return { ok: false, error: "That code has expired. Ask for a new one." };
  if (row.attempts >= CONNECT_CODE_MAX_ATTEMPTS) return { ok: false, error: "Too many wrong codes. Ask for a new one." };
  if ((await hashCode(context.config.sessionSecret, code)) !== row.codeHash) {
    const left = CONNECT_CODE_MAX_ATTEMPTS - row.attempts - 1;
    await db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(eq(verificationCodes.id, row.id)).run();
    return { ok: false, error: left > 0 ? `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.` : "Too many wrong codes. Ask for a new one." };
  }
  await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id)).run();
  await connectPatreonEmail(db, userId, patreonEmail);
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
