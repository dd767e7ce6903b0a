import type { AppLoadContext } from "react-router";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { randomHex, sha256Hex } from "~/lib/digest";
import { SESSION_TTL_MS } from "~/spec/limits";
import { sessionCookie } from "~/lib/http/cookies.server";
import { endSessionsInStore } from "~/models/chat.server";
import { riderFor, type Ride } from "./session-rides.server";
import type { SessionUser } from "~/lib/auth/session-user";

export type { SessionUser };

export type CurrentSession = {
  id: string;
  expiresAt: Date;
  user: SessionUser;
  /** What the request read in the session's own batch (GET /api/me's rows, a send's character; decisions 056 and 073). */
  ride?: Ride;
};

/**
 * The signed-in session of this request (one D1 query per request), or null. Memoised on the
 * request's context by cookie header: React Router hands routes a copy of the Request, so the request
 * cannot hold the memo.
 */
export function getSession(request: Request, context: AppLoadContext): Promise<CurrentSession | null> {
  const memo = (context.sessionMemo ??= new Map()) as Map<string, Promise<CurrentSession | null>>;
  const key = request.headers.get("cookie") ?? "";
  let hit = memo.get(key);
  if (!hit) {
    hit = loadSession(request, context).then((session) => {
      // What this request's reading of the session found, for the Worker entry (issue 58): a page is
      // stored for guests only when every reading of it found nobody.
      context.visitorFound = session || context.visitorFound === "user" ? "user" : "guest";
      if (session) context.sessionId ??= session.id;
      return session;
    });
    memo.set(key, hit);
  }
  return hit;
}

export async function getSessionUser(request: Request, context: AppLoadContext) {
  return (await getSession(request, context))?.user ?? null;
}

type SessionRow = {
  id: string;
  expiresAt: number;
  userId: string;
  name: string | null;
  email: string;
  image: string | null;
  tier: SessionUser["tier"];
  active: number;
  nameKnownToBot: string | null;
  moderator: number;
  banned: number;
};

/** A session token: what the cookie carries. The row stores only its SHA-256, so a copy of the table opens no session (decision 026). */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const rowIdOf = (token: string) => sha256Hex(`session:${token}`);

/** The session row the request's cookie names (its stored id), or null; nothing is checked beyond the cookie's signature. */
async function cookieSessionId(request: Request, context: AppLoadContext) {
  const token = await sessionCookie(context.config, request).parse(request.headers.get("cookie"));
  return typeof token === "string" && TOKEN_PATTERN.test(token) ? await rowIdOf(token) : null;
}

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
      moderator: sql<number>`${users.isModerator}`,
      banned: sql<number>`${users.isBanned}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), sql`${sessions.expiresAt} > ${now}`));

/**
 * Every signed-in request runs this, so it is one fixed statement rather than a query built anew each
 * time (building it was a measurable share of a small request's CPU; decision 024).
 */
async function loadSession(request: Request, context: AppLoadContext): Promise<CurrentSession | null> {
  const sessionId = await cookieSessionId(request, context);
  if (!sessionId) return null;
  const now = Date.now();
  const statement = sql`select s.id as id, s.expires_at as expiresAt, u.id as userId, u.name as name, u.email as email, u.image as image, u.tier as tier,
      -- A paying subscriber: an active subscription, or an active paid-user record (spec section 6).
      (u.is_subscription_active or exists(select 1 from paid_users p where p.user_id = u.id and p.status = 'active_patron')) as active,
      u.is_moderator as moderator, u.is_banned as banned, u.name_known_to_bot as nameKnownToBot
      from sessions s join users u on u.id = s.user_id where s.id = ${sessionId} and s.expires_at > ${now}`;
  let row: SessionRow | undefined;
  let ride: Ride | undefined;
  const rider = riderFor(request);
  if (rider) {
    // The same session, found the same way, names the person in every statement of the batch.
    const sessionUser = sql`(select s.user_id from sessions s where s.id = ${sessionId} and s.expires_at > ${now})`;
    const batch = [sessionQuery(context.db, sessionId, now), ...rider.statements(context.db, sessionUser)] as Parameters<typeof context.db.batch>[0];
    const [rows, ...rest] = (await context.db.batch(batch)) as unknown as [SessionRow[], ...unknown[]];
    row = rows[0];
    ride = rider.ride(rest);
  } else row = await context.db.get<SessionRow | undefined>(statement);
  if (!row) return null;
  return {
    id: row.id,
    expiresAt: new Date(row.expiresAt),
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      image: row.image,
      tier: row.tier,
      isSubscriptionActive: !!row.active,
      isModerator: !!row.moderator,
      isBanned: !!row.banned,
      nameKnownToBot: row.nameKnownToBot ?? null,
    },
    ride,
  };
}

/**
 * Creates a session and returns the Set-Cookie header that carries its token. The browser's previous
 * session, if it had one, ends in the same batch: signing in again replaces it, never adds one beside it
 * (decision 026). Expired sessions of this user are tidied too.
 */
export async function createSession(context: AppLoadContext, request: Request, userId: string) {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const token = randomHex(32);
  const previous = await cookieSessionId(request, context);
  const [, , ended] = await context.db.batch([
    context.db.insert(sessions).values({ id: await rowIdOf(token), userId, expiresAt }),
    context.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date()))),
    context.db
      .delete(sessions)
      .where(eq(sessions.id, previous ?? ""))
      .returning({ id: sessions.id, userId: sessions.userId }),
  ]);
  // What the replaced session opened (a live chat in another tab) ends with it (issue 58).
  for (const row of ended) await endSessionsInStore({ env: context.env, userId: row.userId }, [row.id]);
  return await sessionCookie(context.config, request).serialize(token, { expires: expiresAt });
}

/** Ends every session of the user but this request's ("sign out everywhere else"); answers how many ended. */
export async function endOtherSessions(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  if (!current) return 0;
  const ended = await context.db
    .delete(sessions)
    .where(and(eq(sessions.userId, current.user.id), ne(sessions.id, current.id)))
    .returning({ id: sessions.id });
  // Their live chats close now, not when they next ask for something (issue 58).
  await endSessionsInStore(
    { env: context.env, userId: current.user.id },
    ended.map((row) => row.id),
  );
  return ended.length;
}

/** How many other live sessions (browsers, devices) the user has. */
export async function otherSessionCount(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  if (!current) return 0;
  const [row] = await context.db.all<{ n: number }>(
    sql`select count(*) as n from sessions where user_id = ${current.user.id} and id <> ${current.id} and expires_at > ${Date.now()}`,
  );
  return row?.n ?? 0;
}

/** Deletes the current session row (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  if (current) {
    await context.db.delete(sessions).where(eq(sessions.id, current.id)).run();
    // Everything the session opened (live chats in its other tabs, a reply's stream) ends with it (issue 58).
    await endSessionsInStore({ env: context.env, userId: current.user.id }, [current.id]);
  }
  return await sessionCookie(context.config, request).serialize("", { maxAge: 0 });
}

/**
 * The auth client's session update (spec section 7): the current session lives another full term,
 * read again from the database (a changed name or tier shows), with its cookie set again. Null when
 * there is no session. Nothing the client sends changes who the person is.
 */
export async function renewSession(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  const token = await sessionCookie(context.config, request).parse(request.headers.get("cookie"));
  if (!current || typeof token !== "string") return null;
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await context.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, current.id)).run();
  return { session: { ...current, expiresAt }, cookie: await sessionCookie(context.config, request).serialize(token, { expires: expiresAt }) };
}
