import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; `npm run build` writes it before wrangler bundles this file.
// @ts-ignore - generated at build time
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { handleQueueBatch } from "./app/jobs/queue.server";
import { attachCsrfToken, blockBannedApiCalls } from "./app/lib/request-gate.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const context = getLoadContext({
      request,
      context: { cloudflare: { cf: request.cf as never, ctx, caches: caches as never, env } as never },
    });
    const csrfSetCookie = await attachCsrfToken(request, context);
    const response = (await blockBannedApiCalls(request, context)) ?? (await handleRemixRequest(request, context));
    if (!csrfSetCookie) return response;
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", csrfSetCookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  async queue(batch, env) {
    await handleQueueBatch(batch, env);
  },
} satisfies ExportedHandler<Env, { jobId: string }>;
