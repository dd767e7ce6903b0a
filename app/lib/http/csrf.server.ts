import type { AppLoadContext } from "react-router";
import { randomHex, timingSafeEqual } from "~/lib/digest";
import { csrfCookie } from "~/lib/http/cookies.server";
import { forbidden } from "~/lib/http/http.server";
import { API_MESSAGES } from "~/spec/messages";

export const newCsrfToken = () => randomHex(24);

/** Reads the visitor's CSRF token from its cookie; null when the visitor has none yet. */
export async function readCsrfToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value = await csrfCookie(context.config, request).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

/**
 * Every mutation calls this. A request from another site (Origin header of another origin) is refused.
 * A token (form field `csrfToken` or header `X-CSRF-Token`) must match the cookie's. A same-origin
 * request without a token is accepted: browsers send Origin on every cross-site POST, so its
 * presence and match prove the request came from our own pages.
 */
export async function requireCsrf(request: Request, context: AppLoadContext, formToken?: FormDataEntryValue | null) {
  const origin = request.headers.get("origin");
  const ownOrigin = new URL(request.url).origin;
  if (origin && origin !== ownOrigin) throw forbidden(API_MESSAGES.crossSite);
  const sent = (typeof formToken === "string" && formToken) || request.headers.get("x-csrf-token");
  if (sent) {
    const expected = await readCsrfToken(request, context);
    if (!expected || !timingSafeEqual(sent, expected)) throw forbidden(API_MESSAGES.formExpired);
    return;
  }
  if (!origin) throw forbidden(API_MESSAGES.missingCsrf);
}
