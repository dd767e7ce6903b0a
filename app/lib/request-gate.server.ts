import type { AppLoadContext } from "@remix-run/cloudflare";
import { csrfCookie } from "./cookies.server";
import { newCsrfToken, readCsrfToken } from "./csrf.server";
import { forbidden } from "./http.server";
import { bannedMessage } from "./permissions.server";
import { getSessionUser } from "./session.server";

/**
 * Installs `context.getCsrfToken()`. Returns a function that gives the Set-Cookie header for a
 * token issued during this request (null when the visitor already had one or none was needed).
 */
export async function prepareCsrfToken(request: Request, context: AppLoadContext) {
  const existing = await readCsrfToken(request, context);
  let issued: string | null = null;
  context.getCsrfToken = () => existing ?? (issued ??= newCsrfToken());
  return async () => (issued ? csrfCookie(context.config, request).serialize(issued) : null);
}

/** A banned user may use /api/auth/* (to sign out) but every other /api call answers 403. */
export async function blockBannedApiCalls(request: Request, context: AppLoadContext): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/")) return null;
  if (!request.headers.get("cookie")) return null;
  const user = await getSessionUser(request, context);
  return user?.isBanned ? forbidden(bannedMessage(context)) : null;
}
