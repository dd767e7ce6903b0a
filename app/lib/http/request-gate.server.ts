import type { AppLoadContext } from "react-router";
import { csrfCookie } from "~/lib/http/cookies.server";
import { newCsrfToken, readCsrfToken } from "~/lib/http/csrf.server";

/**
 * Installs `context.getCsrfToken()`. Returns a function that gives the Set-Cookie header for a
 * token issued during this request (null when the visitor already had one or none was needed).
 */
export async function prepareCsrfToken(request: Request, context: AppLoadContext) {
  const existing = await readCsrfToken(request, context);
  let issued: string | null = null;
  context.getCsrfToken = () => existing ?? (issued ??= newCsrfToken());
  return async () => (issued ? await csrfCookie(context.config, request).serialize(issued) : null);
}
