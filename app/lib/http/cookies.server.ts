import { createCookie, type CookieOptions } from "@remix-run/cloudflare";
import { SIGN_IN_CODE_TTL_SECONDS } from "~/spec/limits";
import type { Config } from "~/lib/config.server";

export const SESSION_COOKIE = "__session";
export const CSRF_COOKIE = "__csrf";
export const CALLBACK_COOKIE = "__callback";
export const SIGN_IN_COOKIE = "__signin";

/** Secure everywhere but plain-http localhost, where browsers would drop Secure cookies. */
export function isSecureRequest(request: Request): boolean {
  const url = new URL(request.url);
  return !(url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
}

function cookie(name: string, config: Config, request: Request, extra: CookieOptions = {}) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureRequest(request),
    secrets: [config.sessionSecret],
    ...extra,
  });
}

export const sessionCookie = (config: Config, request: Request) => cookie(SESSION_COOKIE, config, request);
export const csrfCookie = (config: Config, request: Request) => cookie(CSRF_COOKIE, config, request);
/** Where to go after a sign-in that leaves the site (OAuth) or needs a second step (email). */
export const callbackCookie = (config: Config, request: Request) => cookie(CALLBACK_COOKIE, config, request, { maxAge: 60 * 15 });
/** The id of this browser's pending email sign-in challenge; the email itself stays in D1 (decision 012). */
export const signInCookie = (config: Config, request: Request) => cookie(SIGN_IN_COOKIE, config, request, { maxAge: SIGN_IN_CODE_TTL_SECONDS });
