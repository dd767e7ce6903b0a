import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Tier } from "~/db/schema";
import { forbidden, unauthorized } from "./http.server";
import { getSessionUser, type SessionUser } from "./session.server";

const TIER_RANK: Record<Tier, number> = { FREE: 0, SILVER: 1, GOLD: 2 };

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function signInRedirectUrl(request: Request) {
  const url = new URL(request.url);
  return `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The signed-in user, or a throw: pages redirect to sign-in with a callbackUrl, JSON calls get 401.
 * A banned user gets 403 everywhere.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw isApi(request) ? unauthorized() : redirect(signInRedirectUrl(request));
  if (user.isBanned) throw forbidden(bannedMessage(context));
  return user;
}

export function bannedMessage(context: AppLoadContext) {
  return `Your account has been banned. If you think this is a mistake, contact support at ${context.config.supportEmail}.`;
}

export function hasTier(user: SessionUser, tier: Tier) {
  return TIER_RANK[user.tier] >= TIER_RANK[tier];
}

export async function requireTier(request: Request, context: AppLoadContext, tier: Tier) {
  const user = await requireUser(request, context);
  if (!hasTier(user, tier)) throw forbidden(`This feature is only available for ${tier} users.`);
  return user;
}

/** A paying subscriber: an active subscription or a paid-user record (spec section 6). */
export function isSubscriber(user: Pick<SessionUser, "isSubscriptionActive">, paidRecordCount = 0) {
  return user.isSubscriptionActive || paidRecordCount > 0;
}

export async function requireSubscriber(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!isSubscriber(user)) throw forbidden("This feature is only available to subscribers.");
  return user;
}

export async function requireModerator(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!user.isModerator) throw forbidden("Only moderators can do that.");
  return user;
}

export function isAdmin(user: Pick<SessionUser, "id"> | null | undefined, context: AppLoadContext) {
  return !!user && !!context.config.adminUserId && user.id === context.config.adminUserId;
}

export async function requireAdmin(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!isAdmin(user, context)) throw forbidden("Only the administrator can do that.");
  return user;
}

export function isAllowListed(user: Pick<SessionUser, "id"> | null | undefined, context: AppLoadContext) {
  return !!user && context.config.allowlistUserIds.includes(user.id);
}

export async function requireAllowListed(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!isAllowListed(user, context)) throw forbidden();
  return user;
}
