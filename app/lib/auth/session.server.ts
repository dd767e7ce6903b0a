import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt, sql } from "drizzle-orm";
import { sessions } from "~/db/schema";
import { isId } from "~/db/ids";
import { SESSION_TTL_MS } from "~/spec/limits";
import { sessionCookie } from "~/lib/http/cookies.server";

export type SessionUser = {
  id: string;
  name: string | null;
  email: string;
  image: string | null;
  tier: "FREE" | "SILVER" | "GOLD";
  isSubscriptionActive: boolean;
  isModerator: boolean;
  isBanned: boolean;
};

export type CurrentSession = { id: string; expiresAt: Date; user: SessionUser };

/**
 * The signed-in session of this request (one D1 query per request), or null. Memoised on the
 * request's context by cookie header: the Worker entry and the Remix build each carry their own copy
 * of this module, and Remix hands routes a copy of the Request, so neither can hold the memo.
 */
export function getSession(request: Request, context: AppLoadContext): Promise<CurrentSession | null> {
  const memo = (context.sessionMemo ??= new Map()) as Map<string, Promise<CurrentSession | null>>;
  const key = request.headers.get("cookie") ?? "";
  let hit = memo.get(key);
  if (!hit) {
    hit = loadSession(request, context);
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
  moderator: number;
  banned: number;
};

/**
 * Every signed-in request runs this, so it is one fixed statement rather than a query built anew each
 * time (building it was a measurable share of a small request's CPU; decision 024).
 */
async function loadSession(request: Request, context: AppLoadContext): Promise<CurrentSession | null> {
  const sessionId = await sessionCookie(context.config, request).parse(request.headers.get("cookie"));
  if (!isId(sessionId)) return null;
  const row = await context.db.get<SessionRow | undefined>(
    sql`select s.id as id, s.expires_at as expiresAt, u.id as userId, u.name as name, u.email as email, u.image as image, u.tier as tier,
      u.is_subscription_active as active, u.is_moderator as moderator, u.is_banned as banned
      from sessions s join users u on u.id = s.user_id where s.id = ${sessionId} and s.expires_at > ${Date.now()}`,
  );
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
    },
  };
}

/** Creates a session row and returns the Set-Cookie header that carries it. */
export async function createSession(context: AppLoadContext, request: Request, userId: string) {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await context.db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  // Expired sessions of this user are tidied on sign-in, so the table does not grow without bound.
  context.ctx.waitUntil(
    context.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())))
      .run(),
  );
  return await sessionCookie(context.config, request).serialize(row.id, { expires: expiresAt });
}

/** Deletes the current session row (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(context: AppLoadContext, request: Request) {
  const current = await getSession(request, context);
  if (current) await context.db.delete(sessions).where(eq(sessions.id, current.id)).run();
  return await sessionCookie(context.config, request).serialize("", { maxAge: 0 });
}
