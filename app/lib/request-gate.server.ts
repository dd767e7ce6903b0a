import type { AppLoadContext } from "@remix-run/cloudflare";
import { csrfCookie } from "./cookies.server";
import { newCsrfToken, readCsrfToken } from "./csrf.server";
import { forbidden } from "./http.server";
import { bannedMessage } from "./permissions.server";
import { getSessionUser } from "./session.server";

/** Gives every visitor a CSRF token (cookie + load context) before any route runs. */
export async function attachCsrfToken(request: Request, context: AppLoadContext) {
  const existing = await readCsrfToken(request, context);
  context.csrfToken = existing ?? newCsrfToken();
  return existing ? null : await csrfCookie(context.config, request).serialize(context.csrfToken);
}

/** A banned user may use /api/auth/* (to sign out) but every other /api call answers 403. */
export async function blockBannedApiCalls(request: Request, context: AppLoadContext): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/")) return null;
  if (!request.headers.get("cookie")) return null;
  const user = await getSessionUser(request, context);
  return user?.isBanned ? forbidden(bannedMessage(context)) : null;
}
