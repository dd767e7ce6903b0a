import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { pagePolicy } from "~/lib/http/security-headers.server";
import { logError } from "~/lib/log";

/** How long a streamed page may wait for its data before React Router rejects what is still pending. */
export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), streamTimeout + 1000);
  const page = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  const renderStart = performance.now();
  const body = await renderToReadableStream(page, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) logError("page render failed", error);
      responseStatusCode = 500;
    },
  });
  if (loadContext.timing) loadContext.timing.render = performance.now() - renderStart;
  void body.allReady.then(() => clearTimeout(timeoutId));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", pagePolicy(nonce));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * What a loader or action threw that nothing answered: logged without the values it carried
 * (decision 026). A request the browser aborted is not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  // The router's own answers to a request it cannot serve (a POST to a page without an action: 405) are not failures.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (!request.signal.aborted) logError(`request failed: ${request.method} ${new URL(request.url).pathname}`, error);
}
