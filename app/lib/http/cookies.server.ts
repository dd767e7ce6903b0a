import { createCookie, type CookieOptions } from "react-router";
import { cookiesOf } from "~/lib/cookie-header";
import { SIGN_IN_CODE_TTL_SECONDS } from "~/spec/limits";
import type { Config } from "~/lib/config.server";

export const SESSION_COOKIE = "__session";
/**
 * Over https the session cookie is `__Host-session`: the browser then takes it only from this exact
 * host, with Secure and Path=/ and no Domain, so no other subdomain can set or shadow it (decision 026).
 * Plain-http localhost cannot carry Secure cookies, so it keeps the plain name.
 */
export const HOST_SESSION_COOKIE = "__Host-session";
const sessionCookieName = (request: Request) => (isSecureRequest(request) ? HOST_SESSION_COOKIE : SESSION_COOKIE);

/** Whether the request names a session cookie of either name (without verifying it); any value, even an empty one, counts. */
export const hasSessionCookie = (header: string | null) => {
  const cookies = cookiesOf(header);
  return cookies[SESSION_COOKIE] !== undefined || cookies[HOST_SESSION_COOKIE] !== undefined;
};
export const CSRF_COOKIE = "__csrf";
export const CALLBACK_COOKIE = "__callback";
export const SIGN_IN_COOKIE = "__signin";
export const FLASH_COOKIE = "__flash";

/** Secure everywhere but plain-http localhost, where browsers would drop Secure cookies. */
export function isSecureRequest(request: Request): boolean {
  const url = new URL(request.url);
  return !(url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
}

/**
 * Cookies already verified in this isolate: `Cookie` header and secret → the signed cookie's value.
 * Verifying a signature is a pure function of the header and the secret, and every signed-in request
 * verifies the same session and CSRF cookies again, so the answer is kept (at most 1,000 headers).
 */
const verified = new Map<string, unknown>();
const VERIFIED_MAX = 1000;

/** The one cookie builder: httpOnly, SameSite=Lax, Secure off plain-http localhost, signed with the session secret. */
function cookie(name: string, config: Config, request: Request, extra: CookieOptions = {}) {
  const made = createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureRequest(request),
    secrets: [config.sessionSecret],
    ...extra,
  });
  const parse = made.parse;
  return Object.assign(made, {
    async parse(header: string | null, options?: Parameters<typeof parse>[1]) {
      if (!header || options) return await parse(header, options);
      const key = `${config.sessionSecret}\u0000${name}\u0000${header}`;
      if (verified.has(key)) return verified.get(key);
      const value = await parse(header);
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(key, value);
      return value;
    },
  });
}

export const sessionCookie = (config: Config, request: Request) => cookie(sessionCookieName(request), config, request);
export const csrfCookie = (config: Config, request: Request) => cookie(CSRF_COOKIE, config, request);
/** A new account's pending welcome step, holding its id (decision 033; lib/account/welcome.server.ts). */
export const WELCOME_COOKIE = "__welcome";
export const welcomeCookie = (config: Config, request: Request) => cookie(WELCOME_COOKIE, config, request, { maxAge: 60 * 60 * 24 });
/** Where to go after a sign-in that leaves the site (OAuth) or needs a second step (email). */
export const callbackCookie = (config: Config, request: Request) => cookie(CALLBACK_COOKIE, config, request, { maxAge: 60 * 15 });
/** The id of this browser's pending email sign-in challenge; the email itself stays in D1 (decision 012). */
export const signInCookie = (config: Config, request: Request) => cookie(SIGN_IN_COOKIE, config, request, { maxAge: SIGN_IN_CODE_TTL_SECONDS });
/** A one-time toast for the next page, after a redirect (lib/http/flash.server.ts). */
export const flashCookie = (config: Config, request: Request) => cookie(FLASH_COOKIE, config, request, { maxAge: 60 });
