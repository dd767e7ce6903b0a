import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  authAccounts,
  contentTags,
  excludedContentTags,
  excludedTags,
  favorites,
  paidUsers,
  patreonConnections,
  personas,
  tags,
  upvotes,
  userPreferences,
  users,
} from "~/db/schema";
import type { Config } from "~/lib/config.server";
import { allowanceQuery, readAllowance } from "./allowance.server";
import { connectPatreonEmail } from "./patreon.server";

export type SignInProfile = {
  provider: string;
  providerAccountId: string;
  email: string;
  name?: string | null;
  image?: string | null;
  /** Whether the provider vouches for the email; unverified emails never link to an existing account. */
  emailVerified: boolean;
};

export class AccountNotLinkedError extends Error {}

/**
 * Finds or creates the user for a completed sign-in, links the provider identity and records the
 * 18+ and terms acceptance that signing in confirms. Returns the user id.
 */
export async function upsertUserForSignIn(db: Db, profile: SignInProfile): Promise<string> {
  const email = profile.email.trim().toLowerCase();
  const now = new Date();
  const linked = await db
    .select({ userId: authAccounts.userId })
    .from(authAccounts)
    .where(and(eq(authAccounts.provider, profile.provider), eq(authAccounts.providerAccountId, profile.providerAccountId)))
    .get();
  let userId = linked?.userId;
  if (!userId) {
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (existing && !profile.emailVerified) throw new AccountNotLinkedError(email);
    userId = existing?.id ?? (await createUser(db, { email, name: profile.name, image: profile.image }));
    await db.insert(authAccounts).values({ userId, provider: profile.provider, providerAccountId: profile.providerAccountId }).onConflictDoNothing().run();
  }
  await db.update(users).set({ ageConfirmedAt: now, termsAcceptedAt: now, updatedAt: now }).where(eq(users.id, userId)).run();
  // Signing in with Patreon also connects that Patreon account for membership (issue: account).
  if (profile.provider === "patreon") await connectPatreonEmail(db, userId, email);
  return userId;
}

export async function createUser(db: Db, input: { email: string; name?: string | null; image?: string | null; id?: string }) {
  const name = (input.name?.trim() || input.email.split("@")[0]).slice(0, 20);
  const [row] = await db
    .insert(users)
    .values({ id: input.id, email: input.email.toLowerCase(), name, image: input.image ?? null })
    .returning({ id: users.id });
  await db.insert(userPreferences).values({ userId: row.id }).onConflictDoNothing().run();
  return row.id;
}

/** The `{ user }` answer of GET /api/me: tier, flags, personas, favourites, upvotes, excluded tags, allowance, preferences. */
export async function getMe(db: Db, userId: string, config: Pick<Config, "allowance">) {
  const [user, userPersonas, favs, ups, excluded, excludedContent, preference, paid, connections, allowance] = await db.batch([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        image: users.image,
        tier: users.tier,
        persona: users.persona,
        nameKnownToBot: users.nameKnownToBot,
        description: users.description,
        isSubscriptionActive: users.isSubscriptionActive,
        isModerator: users.isModerator,
        isBanned: users.isBanned,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ id: personas.id, name: personas.name, persona: personas.persona, isDefault: personas.isDefault })
      .from(personas)
      .where(eq(personas.userId, userId))
      .orderBy(asc(personas.createdAt)),
    db.select({ characterId: favorites.characterId }).from(favorites).where(eq(favorites.userId, userId)),
    db.select({ characterId: upvotes.characterId }).from(upvotes).where(eq(upvotes.userId, userId)),
    db.select({ name: tags.name }).from(excludedTags).innerJoin(tags, eq(tags.id, excludedTags.tagId)).where(eq(excludedTags.userId, userId)),
    db
      .select({ name: contentTags.name })
      .from(excludedContentTags)
      .innerJoin(contentTags, eq(contentTags.id, excludedContentTags.contentTagId))
      .where(eq(excludedContentTags.userId, userId)),
    db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
    db
      .select({ id: paidUsers.id, tier: paidUsers.tier, status: paidUsers.status })
      .from(paidUsers)
      .where(and(eq(paidUsers.userId, userId), eq(paidUsers.status, "active_patron"))),
    db.select({ id: patreonConnections.id }).from(patreonConnections).where(eq(patreonConnections.userId, userId)),
    allowanceQuery(db, userId),
  ]);
  const base = user[0];
  if (!base) return null;
  // Subscribers are not limited; everyone else sees (and the chat spends) the allowance.
  const messageToken = base.isSubscriptionActive ? null : await readAllowance(db, userId, config.allowance, Date.now(), allowance[0] ?? null);
  const { userId: _omit, updatedAt: _u, ...prefs } = preference[0] ?? ({} as Record<string, unknown>);
  return {
    ...base,
    UserPersonas: userPersonas,
    charactersFavorited: favs,
    charactersUpvoted: ups,
    ExcludedTags: excluded.map((t) => ({ tag: { name: t.name } })),
    ExcludedContentTags: excludedContent.map((t) => ({ tag: { name: t.name } })),
    messageToken,
    paidUsers: paid,
    hasPatreonConnection: connections.length > 0,
    UserPreference: prefs,
  };
}
