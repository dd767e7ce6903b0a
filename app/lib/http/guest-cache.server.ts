import { ageAnswer } from "~/lib/age-gate";
import { cookiesOf } from "~/lib/cookie-header";
import { FLASH_COOKIE, hasSessionCookie } from "~/lib/http/cookies.server";
import { newNonce, pagePolicy } from "~/lib/http/security-headers.server";

/** Routes opt in with this response header (via their `headers` export); it never leaves the Worker. */
export const GUEST_CACHE_HEADER = "X-Guest-Cache-Seconds";

/** `headers` export for public pages: signed-out visitors may share one cached copy for 60 s. */
export const guestCacheHeaders = () => ({ [GUEST_CACHE_HEADER]: "60" });

/**
 * Signed-out visitors see the same public pages, so the Worker keeps one rendered copy per URL in
 * the Cache API. A request that names a session or a pending toast, as the one cookie parser reads the
 * header (issue 58), is never served from it.
 */
export function isGuestRequest(request: Request) {
  if (request.method !== "GET") return false;
  const header = request.headers.get("cookie");
  return !hasSessionCookie(header) && cookiesOf(header)[FLASH_COOKIE] === undefined;
}

// Workers' CacheStorage has a `default` cache; the DOM typings in this project do not know it.
const pageCache = () => (caches as unknown as { default: Cache }).default;

/**
 * The copy's key: the page's URL with the visitor's 18+ answer, which changes what a guest sees, and
 * the build's version. Documents and Remix data requests differ by URL already; the Accept header is
 * not part of the key. A page names the build's script files, which a new deployment replaces, so a
 * new build never serves a copy an older one rendered.
 */
function cacheKey(request: Request, buildVersion: string) {
  const { href, search } = new URL(request.url);
  // Appended once, always last: a key names one URL, answer and build, whatever the query holds.
  return `${href}${search ? "&" : "?"}__age=${ageAnswer(request.headers.get("cookie"))}&__build=${encodeURIComponent(buildVersion)}`;
}

export async function matchGuestCache(request: Request, buildVersion: string): Promise<Response | undefined> {
  if (!isGuestRequest(request)) return undefined;
  const hit = await pageCache().match(cacheKey(request, buildVersion));
  if (!hit) return undefined;
  const headers = new Headers(hit.headers);
  headers.set("Cache-Control", "no-cache");
  headers.set("X-Guest-Cache", "hit");
  return withFreshNonce(new Response(hit.body, { status: hit.status, headers }));
}

/**
 * Every answer gets its own Content-Security-Policy nonce, a cached page too (issue 58): the copy was
 * rendered with one request's nonce, which would otherwise be every guest's. The policy and every
 * `nonce` attribute (Remix's scripts) take a new one on the way out; a page has it nowhere else.
 */
function withFreshNonce(response: Response) {
  const policy = response.headers.get("Content-Security-Policy");
  if (!policy?.includes("'nonce-")) return response;
  const nonce = newNonce();
  response.headers.set("Content-Security-Policy", pagePolicy(nonce));
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

/**
 * Strips the opt-in header; stores a 200 answer that sets no cookie and whose own render found no user
 * (`visitorFound`, what reading the session found; never inferred from the request's header text,
 * issue 58). Browsers always get `no-cache` for pages, so no shared cache outside the Worker keeps a copy.
 */
export function finishPageResponse(
  request: Request,
  response: Response,
  waitUntil: (p: Promise<unknown>) => void,
  buildVersion: string,
  visitorFound: "guest" | "user" | undefined,
): Response {
  const seconds = Number(response.headers.get(GUEST_CACHE_HEADER) ?? 0);
  if (!response.headers.has(GUEST_CACHE_HEADER)) return response;
  const headers = new Headers(response.headers);
  headers.delete(GUEST_CACHE_HEADER);
  headers.set("Cache-Control", "no-cache");
  const storable = seconds > 0 && response.status === 200 && visitorFound === "guest" && isGuestRequest(request) && !headers.has("Set-Cookie") && response.body;
  if (!storable) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const [toClient, toCache] = response.body!.tee();
  const cached = new Headers(headers);
  cached.set("Cache-Control", `public, max-age=${seconds}`);
  waitUntil(pageCache().put(cacheKey(request, buildVersion), new Response(toCache, { status: 200, headers: cached })));
  headers.set("X-Guest-Cache", "miss");
  return new Response(toClient, { status: 200, headers });
}
