import { and, asc, eq, sql, type SQL } from "drizzle-orm";
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
import { readAllowance } from "./allowance.server";
import { connectPatreonEmail } from "./patreon.server";
import type { ScreenedText } from "~/lib/safety/screened";

export type SignInProfile = {
  provider: string;
  providerAccountId: string;
  email: string;
  /** The display name a new account starts with, screened (issue 59); a linked account keeps its own. */
  name?: ScreenedText | null;
  image?: string | null;
  /** Whether the provider vouches for the email (an email sign-in always does). */
  emailVerified: boolean;
};

/** A provider identity whose email the provider has not verified: it may not sign in to an account it is not linked to yet. */
export class UnverifiedEmailError extends Error {
  constructor(readonly provider: string) {
    super(`unverified email from ${provider}`);
  }
}

/**
 * Finds or creates the user for a completed sign-in, links the provider identity (recording whether
 * its email was verified) and records the 18+ and terms acceptance that signing in confirms. Returns
 * the user id. An identity already linked signs in to its account. A new identity needs a verified
 * email: an unverified one is refused (UnverifiedEmailError), so it never claims an address that a
 * later mail or Google sign-in by the address's owner would land in (decision 026).
 */
export async function upsertUserForSignIn(db: Db, profile: SignInProfile): Promise<string> {
  return (await signInUser(db, profile)).userId;
}

/** The account a sign-in opens, and whether this sign-in made it (its first visit gets the welcome step, decision 033). */
export async function signInUser(db: Db, profile: SignInProfile): Promise<{ userId: string; created: boolean }> {
  const email = profile.email.trim().toLowerCase();
  const now = new Date();
  const identity = and(eq(authAccounts.provider, profile.provider), eq(authAccounts.providerAccountId, profile.providerAccountId));
  const linked = await db.select({ userId: authAccounts.userId }).from(authAccounts).where(identity).get();
  let userId = linked?.userId;
  let created = false;
  if (userId) {
    await db.update(authAccounts).set({ email, emailVerified: profile.emailVerified }).where(identity).run();
  } else {
    if (!profile.emailVerified) throw new UnverifiedEmailError(profile.provider);
    const account = await accountForVerifiedEmail(db, email, profile);
    userId = account.id;
    created = account.created;
    await db
      .insert(authAccounts)
      .values({ userId, provider: profile.provider, providerAccountId: profile.providerAccountId, email, emailVerified: true })
      .onConflictDoNothing()
      .run();
  }
  await db.update(users).set({ ageConfirmedAt: now, termsAcceptedAt: now, updatedAt: now }).where(eq(users.id, userId)).run();
  // Signing in with Patreon also connects that Patreon account for membership, for an email Patreon verified.
  if (profile.provider === "patreon" && profile.emailVerified) await connectPatreonEmail(db, userId, email);
  return { userId, created };
}

/** Where an account whose email was taken by unverified identities only keeps living, without the address. */
export const releasedEmail = (userId: string) => `released+${userId}@users.invalid`;

/**
 * The account a verified email signs in to: the one holding the address, unless only identities
 * whose email nobody verified reach it (an address claimed before decision 026). That account lets
 * the address go, keeps its identities, and the address's owner gets an account of their own.
 */
/**
 * What characters call someone who signed in with only an address (issue 24): the first word before
 * the @ (split at dots, dashes, underscores, plus signs and digits), capitalised, never the whole
 * local part ("throwaway.newcomer" is "Throwaway"); empty when there is no word, and the chat then says "User".
 */
export function nameFromEmail(email: string) {
  const word =
    email
      .split("@")[0]
      .split(/[._\-+\d]+/)
      .find(Boolean) ?? "";
  return word ? word[0].toUpperCase() + word.slice(1).toLowerCase() : "";
}

async function accountForVerifiedEmail(db: Db, email: string, profile: SignInProfile) {
  const existing = await db.get<{ id: string; identities: number; verified: number } | undefined>(sql`
    select u.id as id,
      (select count(*) from ${authAccounts} a where a.user_id = u.id) as identities,
      (select count(*) from ${authAccounts} a where a.user_id = u.id and a.email_verified = 1) as verified
    from ${users} u where u.email = ${email}`);
  if (existing && (existing.verified > 0 || existing.identities === 0)) return { id: existing.id, created: false };
  if (existing)
    await db
      .update(users)
      .set({ email: releasedEmail(existing.id), updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .run();
  const [made] = await db
    .insert(users)
    .values({ email, name: profile.name ?? null, image: profile.image ?? null })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  // Two sign-ins of one new address at once: the second finds the account the first made.
  const id = made?.id ?? (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get())!.id;
  await db.insert(userPreferences).values({ userId: id }).onConflictDoNothing().run();
  return { id, created: !!made };
}

/**
 * The statements of GET /api/me's one D1 batch for the person `who` names: their id, or the subquery
 * that finds it from the session row (GET /api/me's batch rides with the session's own statement;
 * decision 056).
 */
export function meStatements(db: Db, who: string | SQL) {
  return [
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
      .where(eq(users.id, who)),
    db
      .select({ id: personas.id, name: personas.name, persona: personas.persona, isDefault: personas.isDefault })
      .from(personas)
      .where(eq(personas.userId, who))
      .orderBy(asc(personas.createdAt)),
    db.select({ characterId: favorites.characterId }).from(favorites).where(eq(favorites.userId, who)),
    db.select({ characterId: upvotes.characterId }).from(upvotes).where(eq(upvotes.userId, who)),
    db.select({ name: tags.name }).from(excludedTags).innerJoin(tags, eq(tags.id, excludedTags.tagId)).where(eq(excludedTags.userId, who)),
    db
      .select({ name: contentTags.name })
      .from(excludedContentTags)
      .innerJoin(contentTags, eq(contentTags.id, excludedContentTags.contentTagId))
      .where(eq(excludedContentTags.userId, who)),
    db.select().from(userPreferences).where(eq(userPreferences.userId, who)),
    db
      .select({ id: paidUsers.id, tier: paidUsers.tier, status: paidUsers.status })
      .from(paidUsers)
      .where(and(eq(paidUsers.userId, who), eq(paidUsers.status, "active_patron"))),
    db.select({ id: patreonConnections.id }).from(patreonConnections).where(eq(patreonConnections.userId, who)),
  ] as const;
}

const readMe = (db: Db, who: string | SQL) => db.batch(meStatements(db, who));
/** What `meStatements` answer, in order. */
export type MeRows = Awaited<ReturnType<typeof readMe>>;

/**
 * The `{ user }` answer of GET /api/me: tier, flags, personas, favourites, upvotes, excluded tags,
 * allowance, preferences. `rows` are the batch's answers when they were read already (with the session).
 */
export async function getMe({ db, env }: { db: Db; env: Pick<Env, "USER_STORE"> }, userId: string, config: Pick<Config, "allowance">, rows?: MeRows) {
  // The allowance is read in the user's object alongside the one D1 batch (decision 042).
  const [[user, userPersonas, favs, ups, excluded, excludedContent, preference, paid, connections], allowance] = await Promise.all([
    rows ?? readMe(db, userId),
    readAllowance({ env, userId }, config.allowance),
  ]);
  const base = user[0];
  if (!base) return null;
  // A paying subscriber (an active subscription or an active paid-user record, spec section 6) is not
  // limited; everyone else sees (and the chat spends) the allowance.
  const isSubscriptionActive = base.isSubscriptionActive || paid.length > 0;
  const messageToken = isSubscriptionActive ? null : allowance;
  const { userId: _omit, updatedAt: _u, ...prefs } = preference[0] ?? ({} as Record<string, unknown>);
  return {
    ...base,
    isSubscriptionActive,
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
