import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; `npm run build` writes it before wrangler bundles this file.
// @ts-ignore - generated at build time
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { handleQueueBatch } from "./app/jobs/queue.server";
import { finishPageResponse, matchGuestCache } from "./app/lib/guest-cache.server";
import { blockBannedApiCalls, prepareCsrfToken } from "./app/lib/request-gate.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

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

/** A deployment missing a required secret serves nothing (fails closed) and says so in its log. */
function notConfigured(error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  return new Response("This service is not configured yet. The operator has been told.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" } });
}

export default {
  async fetch(incoming, env, ctx) {
    const request = withDecodablePath(incoming);
    let context;
    try {
      context = getLoadContext({
        request,
        context: { cloudflare: { cf: request.cf as never, ctx, caches: caches as never, env } as never },
      });
    } catch (error) {
      return notConfigured(error);
    }
    const cached = await matchGuestCache(request);
    if (cached) return cached;
    const csrfSetCookie = await prepareCsrfToken(request, context);
    const routed = (await blockBannedApiCalls(request, context)) ?? (await handleRemixRequest(request, context));
    const setCookie = await csrfSetCookie();
    let response = routed;
    if (setCookie) {
      const headers = new Headers(routed.headers);
      headers.append("Set-Cookie", setCookie);
      response = new Response(routed.body, { status: routed.status, statusText: routed.statusText, headers });
    }
    return finishPageResponse(request, response, (p) => ctx.waitUntil(p));
  },
  async queue(batch, env) {
    await handleQueueBatch(batch, env);
  },
} satisfies ExportedHandler<Env, { jobId: string }>;
