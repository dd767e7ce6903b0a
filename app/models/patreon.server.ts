import { and, eq, exists, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authAccounts, paidUsers, patreonConnections, users } from "~/db/schema";
import type { Tier } from "~/spec/tiers";

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
