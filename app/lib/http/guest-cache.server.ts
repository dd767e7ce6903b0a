import { ageAnswer } from "~/lib/age-gate";
import { cookiesOf } from "~/lib/cookie-header";
import { FLASH_COOKIE, hasSessionCookie } from "~/lib/http/cookies.server";
import { pagePolicy } from "~/lib/http/security-headers.server";

/** Routes opt in with this response header (via their `headers` export); it never leaves the Worker. */
export const GUEST_CACHE_HEADER = "X-Guest-Cache-Seconds";

/** `headers` export for public pages: signed-out visitors may share one cached copy for 60 s. */
export const guestCacheHeaders = () => ({ [GUEST_CACHE_HEADER]: "60" });

/**
 * Kept on a cached copy only, never sent: what the page's render recorded for each viewer (the cards it
 * showed, issue 64), which a hit hands back so the Worker records it again.
 */
const REPLAY_HEADER = "X-Guest-Cache-Replay";

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
 * the build's version. Documents and React Router data requests differ by URL already; the Accept header is
 * not part of the key. A page names the build's script files, which a new deployment replaces, so a
 * new build never serves a copy an older one rendered.
 */
function cacheKey(request: Request, buildVersion: string) {
  const { href, search } = new URL(request.url);
  // Appended once, always last: a key names one URL, answer and build, whatever the query holds.
  return `${href}${search ? "&" : "?"}__age=${ageAnswer(request.headers.get("cookie"))}&__build=${encodeURIComponent(buildVersion)}`;
}

/** A guest's page from the cache, and what its render recorded for each viewer (`replay`), to record again. */
export async function matchGuestCache(request: Request, buildVersion: string): Promise<{ page: Response; replay: string | null } | undefined> {
  if (!isGuestRequest(request)) return undefined;
  const hit = await pageCache().match(cacheKey(request, buildVersion));
  if (!hit) return undefined;
  const headers = new Headers(hit.headers);
  const replay = headers.get(REPLAY_HEADER);
  headers.delete(REPLAY_HEADER);
  headers.set("Cache-Control", "no-cache");
  headers.set("X-Guest-Cache", "hit");
  return { page: new Response(hit.body, { status: hit.status, headers }), replay };
}

/** A page's inline scripts: `<script>` elements without `src`, with their text as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /\snonce="[^"]*"/g;

async function sha256Base64(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/**
 * The copy of a page that every guest may be given (issue 58): one request's nonce would be every
 * guest's, so the copy has none. Its inline scripts are allowed by their hashes instead, and its
 * `nonce` attributes are dropped. Made once, when the page is stored; a hit costs nothing more.
 */
async function sharedCopy(html: string, headers: Headers) {
  const hashes = await Promise.all([...html.matchAll(INLINE_SCRIPT)].map((m) => sha256Base64(m[1])));
  const shared = new Headers(headers);
  shared.set("Content-Security-Policy", pagePolicy({ hashes: [...new Set(hashes)] }));
  return new Response(html.replace(NONCE_ATTRIBUTE, ""), { status: 200, headers: shared });
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
  replay: string | null = null,
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
  if (replay) cached.set(REPLAY_HEADER, replay);
  const key = cacheKey(request, buildVersion);
  const page = cached.get("Content-Security-Policy")?.includes("'nonce-");
  waitUntil(
    page
      ? new Response(toCache)
          .text()
          .then((html) => sharedCopy(html, cached))
          .then((copy) => pageCache().put(key, copy))
      : pageCache().put(key, new Response(toCache, { status: 200, headers: cached })),
  );
  headers.set("X-Guest-Cache", "miss");
  return new Response(toClient, { status: 200, headers });
}
