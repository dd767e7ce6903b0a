/**
 * Sessions in D1 (decision 026): a row per signed-in browser, keyed by the SHA-256 of its cookie's
 * token. The auth service (app/services/auth/session.server.ts) owns the cookie; this is where the rows are.
 */
import { and, eq, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import type { SessionUser } from "~/lib/auth/session-user";

export type SessionRow = {
  id: string;
  expiresAt: number;
  userId: string;
  name: string | null;
  email: string;
  image: string | null;
  tier: SessionUser["tier"];
  active: number;
  nameKnownToBot: string | null;
  /** Notifications not read yet (issue 64): the bell's count. */
  unread: number;
  moderator: number;
  banned: number;
};

/**
 * The session statement above as a query a D1 batch can carry (drizzle batches only its builders).
 * Both ids are named: drizzle reads a batch's rows by column name, and two columns called `id` would
 * shift every field after them.
 */
const sessionQuery = (db: Db, sessionId: string, now: number) =>
  db
    .select({
      id: sql<string>`${sessions.id}`.as("session_id"),
      expiresAt: sql<number>`${sessions.expiresAt}`,
      userId: sql<string>`${users.id}`.as("user_id"),
      name: users.name,
      email: users.email,
      image: users.image,
      tier: users.tier,
      active: sql<number>`(${users.isSubscriptionActive} or exists(select 1 from paid_users p where p.user_id = ${users.id} and p.status = 'active_patron'))`,
      nameKnownToBot: users.nameKnownToBot,
      unread: users.unreadNotifications,
      moderator: sql<number>`${users.isModerator}`,
      banned: sql<number>`${users.isBanned}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), sql`${sessions.expiresAt} > ${now}`));

/**
 * The live session with this id and its person, or no row. Every signed-in request runs this, so
 * alone it is one fixed statement rather than a query built anew each time (building it was a
 * measurable share of a small request's CPU; decision 024). With `alsoRead`, the statements it gives
 * (each naming the person by the same session) go in the same batch, and `rest` is their rows.
 */
export async function readSession(
  db: Db,
  sessionId: string,
  now: number,
  alsoRead?: ((sessionUser: SQL) => readonly unknown[]) | null,
): Promise<{ row: SessionRow | undefined; rest?: unknown[] }> {
  if (alsoRead) {
    const sessionUser = sql`(select s.user_id from sessions s where s.id = ${sessionId} and s.expires_at > ${now})`;
    const batch = [sessionQuery(db, sessionId, now), ...alsoRead(sessionUser)] as Parameters<typeof db.batch>[0];
    const [rows, ...rest] = (await db.batch(batch)) as unknown as [SessionRow[], ...unknown[]];
    return { row: rows[0], rest };
  }
  const statement = sql`select s.id as id, s.expires_at as expiresAt, u.id as userId, u.name as name, u.email as email, u.image as image, u.tier as tier,
      -- A paying subscriber: an active subscription, or an active paid-user record (spec section 6).
      (u.is_subscription_active or exists(select 1 from paid_users p where p.user_id = u.id and p.status = 'active_patron')) as active,
      u.is_moderator as moderator, u.is_banned as banned, u.name_known_to_bot as nameKnownToBot, u.unread_notifications as unread
      from sessions s join users u on u.id = s.user_id where s.id = ${sessionId} and s.expires_at > ${now}`;
  return { row: await db.get<SessionRow | undefined>(statement) };
}

/**
 * A new session row, in one batch with the user's expired rows tidied and the browser's previous
 * session (`replacing`) ended. Answers the sessions that ended that way.
 */
export async function insertSession(db: Db, row: { id: string; userId: string; expiresAt: Date }, replacing: string | null) {
  const [, , ended] = await db.batch([
    db.insert(sessions).values(row),
    db.delete(sessions).where(and(eq(sessions.userId, row.userId), lt(sessions.expiresAt, new Date()))),
    db
      .delete(sessions)
      .where(eq(sessions.id, replacing ?? ""))
      .returning({ id: sessions.id, userId: sessions.userId }),
  ]);
  return ended;
}

/** Deletes every session of the user but `keepId`; answers the ended ids. */
export const deleteOtherSessions = (db: Db, userId: string, keepId: string) =>
  db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });

/** How many other live sessions the user has. */
export async function countOtherSessions(db: Db, userId: string, currentId: string, now: number) {
  const [row] = await db.all<{ n: number }>(sql`select count(*) as n from sessions where user_id = ${userId} and id <> ${currentId} and expires_at > ${now}`);
  return row?.n ?? 0;
}

export const deleteSession = (db: Db, id: string) => db.delete(sessions).where(eq(sessions.id, id)).run();

export const extendSession = (db: Db, id: string, expiresAt: Date) => db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
