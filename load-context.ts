import type { AppLoadContext } from "react-router";
import type { PlatformProxy } from "wrangler";
import { createDb, type Db } from "./app/db/client.server";
import { getConfig, type Config } from "./app/lib/config.server";
import { openSession } from "./app/lib/http/d1-session.server";
import { newNonce } from "./app/lib/http/security-headers.server";
import { startTiming, timedD1, type Timing } from "./app/lib/http/server-timing.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    env: Env;
    ctx: Cloudflare["ctx"];
    db: Db;
    /** The request's D1 session (decision 050): `db` reads through it; the Worker entry returns its bookmark. */
    d1Session: D1DatabaseSession;
    /** D1's primary, for the reads that must never lag (sign-in and connection codes; decision 050). */
    primaryDb: Db;
    config: Config;
    /**
     * This visitor's CSRF token. Issued on first use (the Worker entry then sets its cookie), so pages
     * that never ask for one stay identical for every guest and can be cached.
     */
    getCsrfToken: () => string;
    /** A React Router fetcher's `.data` request: the JSON API answers it with `data()` (web/api.server.ts). */
    viaFetcher: boolean;
    /** This request's Content-Security-Policy nonce (entry.server puts it on React Router's scripts). */
    nonce: string;
    /** This request's Server-Timing figures, when they are on (config.serverTiming; decision 024). */
    timing: Timing | null;
    /** The request's session lookups, by cookie header (see getSession). */
    sessionMemo?: Map<string, Promise<unknown>>;
    /** What reading the session found (unset until it is read): the guest page cache stores only a page rendered for a "guest" (issue 58). */
    visitorFound?: "guest" | "user";
    /** The cards this request's page showed (recordShown): a guest copy of the page counts them again on each hit (issue 64). */
    shownCharacterIds?: string[];
    /** The id of the session this request was read as signed in by, once read: what it opens (sockets, streams) ends with it (issue 58). */
    sessionId?: string;
  }
}

/** Builds the per-request context; used by the Worker entry (server.ts), built or under `npm run dev`. */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  const env = context.cloudflare.env;
  const config = getConfig(env);
  const timing = config.serverTiming ? startTiming() : null;
  const d1Session = openSession(env.DB, request);
  const d1 = d1Session as unknown as D1Database;
  return {
    cloudflare: context.cloudflare,
    env,
    ctx: context.cloudflare.ctx,
    db: createDb(timing ? timedD1(d1, timing) : d1),
    d1Session,
    primaryDb: createDb(timing ? timedD1(env.DB, timing) : env.DB),
    config,
    timing,
    nonce: newNonce(),
    viaFetcher: new URL(request.url).pathname.endsWith(".data"),
    getCsrfToken: () => {
      throw new Error("getCsrfToken is set by the Worker entry");
    },
  };
}
