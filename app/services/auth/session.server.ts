import type { AppLoadContext } from "react-router";
import { randomHex, sha256Hex } from "~/lib/digest";
import { SESSION_TTL_MS } from "~/spec/limits";
import { sessionCookie } from "~/lib/http/cookies.server";
import { endSessionsInStore } from "~/models/chat.server";
import { countOtherSessions, deleteOtherSessions, deleteSession, extendSession, insertSession, readSession } from "~/models/session.server";
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

/** A session token: what the cookie carries. The row stores only its SHA-256, so a copy of the table opens no session (decision 026). */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const rowIdOf = (token: string) => sha256Hex(`session:${token}`);

/** The session row the request's cookie names (its stored id), or null; nothing is checked beyond the cookie's signature. */
async function cookieSessionId(request: Request, context: AppLoadContext) {
  const token = await sessionCookie(context.config, request).parse(request.headers.get("cookie"));
  return typeof token === "string" && TOKEN_PATTERN.test(token) ? await rowIdOf(token) : null;
}

/** The session the request's cookie names, read with whatever its route rides along in the same batch (decisions 056 and 073). */
async function loadSession(request: Request, context: AppLoadContext): Promise<CurrentSession | null> {
  const sessionId = await cookieSessionId(request, context);
  if (!sessionId) return null;
  const rider = riderFor(request);
  const { row, rest } = await readSession(context.db, sessionId, Date.now(), rider && ((who) => rider.statements(context.db, who)));
  const ride = rider && rest ? rider.ride(rest) : undefined;
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
      unreadNotifications: row.unread ?? 0,
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
  const ended = await insertSession(context.db, { id: await rowIdOf(token), userId, expiresAt }, previous);
  // What the replaced session opened (a live chat in another tab) ends with it (issue 58).
  for (const row of ended) await endSessionsInStore({ env: context.env, userId: row.userId }, [row.id]);
  return await sessionCookie(context.config, request).serialize(token, { expires: expiresAt });
}

/** Ends every session of the user but this request's ("sign out everywhere else"); answers how many ended. */
export async function endOtherSessions(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  if (!current) return 0;
  const ended = await deleteOtherSessions(context.db, current.user.id, current.id);
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
  return await countOtherSessions(context.db, current.user.id, current.id, Date.now());
}

/** Deletes the current session row (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  if (current) {
    await deleteSession(context.db, current.id);
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
  await extendSession(context.db, current.id, expiresAt);
  return { session: { ...current, expiresAt }, cookie: await sessionCookie(context.config, request).serialize(token, { expires: expiresAt }) };
}
