import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import {
  EVENTS_QUEUE,
  handleEventsBatch,
  handleQueueBatch,
  handleScheduled,
  banGate,
  finishPageResponse,
  matchGuestCache,
  replayShown,
  shownForCache,
  drainBody,
  refuseBodyOnRead,
  trackBody,
  prepareCsrfToken,
  withSecurityHeaders,
  serverTimingValue,
  startTiming,
  getConfig,
  returnBookmark,
  getLoadContext,
} from "./app/worker.server";
import type { Timing } from "./app/lib/http/server-timing.server";

// Vite builds this file, the React Router build and everything both import into one Worker, so the
// app's code is there once (decision 058, as decision 084 revised it).

/** Each user's own Durable Object (decision 029); the Worker's main module must export its class. */
export { UserStore } from "./app/worker.server";

// The mode says whether errors are answered with their detail (`npm run dev`) or without (a build).
const handleRouterRequest = createRequestHandler(build, import.meta.env.MODE);
/** The build's version (its asset manifest's hash): part of every cached guest page's key. */
const BUILD_VERSION = build.assets.version;

/** A path with broken percent-encoding cannot name any page: it is answered by the 404 page. */
function withDecodablePath(request: Request) {
  const url = new URL(request.url);
  try {
    decodeURIComponent(url.pathname);
    return request;
  } catch {
    return new Request(new URL("/not-found", url), request);
  }
}

/** A body refused before anything else (on a GET or HEAD) is read and dropped, bounded, before the answer goes (issue 22). */
async function drainUnread(request: Request) {
  if (!request.body || request.body.locked) return;
  await drainBody(request.body.getReader());
}

/** A deployment missing a required secret serves nothing (fails closed) and says so in its log. */
function notConfigured(error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  return new Response("This service is not configured yet. The operator has been told.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
  });
}

/** Adds this request's Server-Timing header (the responses here are built by the Worker, so their headers can change). */
function withServerTiming(response: Response, timing: Timing, extra?: string[]) {
  response.headers.set("Server-Timing", serverTimingValue(timing, extra));
  return response;
}

export default {
  async fetch(incoming, env, ctx) {
    const arrived = withDecodablePath(incoming);
    let config;
    try {
      config = getConfig(env);
    } catch (error) {
      return notConfigured(error);
    }
    // A body on a GET or HEAD cannot be handed on to any route (issue 58): 400 before anything else.
    const refused = refuseBodyOnRead(arrived);
    if (refused) {
      await drainUnread(arrived);
      return withSecurityHeaders(refused);
    }
    // Whatever of the body no route reads is drained before the answer goes (issue 22, issue 58).
    const { request, drain } = trackBody(arrived);
    const started = config.serverTiming ? startTiming() : null;
    // A guest's page from the cache needs nothing more: no D1 session, database client or nonce.
    const cached = await matchGuestCache(request, BUILD_VERSION);
    if (cached) {
      // The cards the copy shows count for their creators again (issue 64), after the answer.
      replayShown({ env, ctx }, cached.replay);
      return started ? withServerTiming(cached.page, started, ['cache;desc="guest page cache"']) : cached.page;
    }
    const context = getLoadContext({
      request,
      context: { cloudflare: { cf: request.cf as never, ctx, caches: caches as never, env } as never },
    });
    const { timing } = context;
    if (timing && started) timing.start = started.start;
    const csrfSetCookie = await prepareCsrfToken(request, context);
    const routed = (await banGate(request, context)) ?? (await handleRouterRequest(request, context));
    // A chat's live updates (decision 039): the WebSocket goes back as it is; a copied answer would lose it.
    if (routed.status === 101) return routed;
    await drain();
    const response = withSecurityHeaders(routed, { hsts: context.config.isProduction && new URL(request.url).protocol === "https:" });
    const setCookie = await csrfSetCookie();
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    returnBookmark(request, response, context.d1Session);
    const finished = finishPageResponse(
      request,
      response,
      (p) => ctx.waitUntil(p),
      BUILD_VERSION,
      context.visitorFound,
      shownForCache(context.shownCharacterIds),
    );
    return timing ? withServerTiming(finished, timing) : finished;
  },
  async queue(batch, env) {
    if (batch.queue === EVENTS_QUEUE) await handleEventsBatch(batch, env);
    else await handleQueueBatch(batch, env);
  },
  /** The hourly cron trigger (wrangler.toml): the admin's daily figures (decision 022). */
  async scheduled(controller, env) {
    await handleScheduled(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
