/**
 * Reads from the nearest copy of D1 (decision 050): every request opens one D1 session
 * (`withSession`) from the bookmark the client last got, or `first-unconstrained` without one, and
 * every statement of the request goes through it. A request that may have written hands the new
 * bookmark back (a cookie for the browser, the `x-d1-bookmark` header for API clients), so the next
 * request reads at least what this one wrote, wherever it lands.
 */
import { cookiesOf } from "~/lib/cookie-header";
import { isSecureRequest } from "~/lib/http/cookies.server";

export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_COOKIE = "__d1";
/** A bookmark is hex groups and dashes; anything else is not one and is ignored, never passed to D1. */
const BOOKMARK = /^[0-9a-f][0-9a-f-]{6,126}[0-9a-f]$/i;

/** The bookmark the request carries (the header first, then the cookie), if it is well formed. */
export function bookmarkOf(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER)?.trim();
  if (header) return BOOKMARK.test(header) ? header : null;
  const cookie = cookiesOf(request.headers.get("cookie"))[BOOKMARK_COOKIE];
  return cookie && BOOKMARK.test(cookie) ? cookie : null;
}

/** This request's D1 session: it starts no older than the client's bookmark. */
export const openSession = (d1: D1Database, request: Request) => d1.withSession(bookmarkOf(request) ?? "first-unconstrained");

const mayWrite = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/**
 * The session's bookmark on the response: after anything that may have written (a POST, PUT, PATCH
 * or DELETE) as the cookie and the header; to an API client that sent a bookmark, as the header. A
 * plain read sets no cookie, so pages guests may share stay cacheable.
 */
export function returnBookmark(request: Request, response: Response, session: D1DatabaseSession) {
  const bookmark = session.getBookmark();
  if (!bookmark || !BOOKMARK.test(bookmark)) return;
  const writes = mayWrite(request);
  if (writes || request.headers.has(BOOKMARK_HEADER)) response.headers.set(BOOKMARK_HEADER, bookmark);
  if (writes)
    response.headers.append(
      "Set-Cookie",
      `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`,
    );
}
