/**
 * Security headers for every answer (decision 012). Pages get a nonce-based Content-Security-Policy:
 * scripts only from this site or with the page's nonce (React Router's inline scripts), images and calls to
 * this site only, no framing. Other answers (JSON, media) get a policy that allows nothing to run.
 */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * A page's policy: its inline scripts run by the request's nonce, or, for the copy of a page the guest
 * cache gives every guest, by their hashes (issue 58: a shared copy carries no nonce).
 */
export function pagePolicy(allowed: string | { hashes: string[] }) {
  const inline = typeof allowed === "string" ? `'nonce-${allowed}'` : allowed.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self'${inline ? ` ${inline}` : ""}`,
    // React renders style attributes on the server; no stylesheet comes from elsewhere.
    "style-src 'self' 'unsafe-inline'",
    // Custom emoji on the News page come from the chat community's CDN (decision 023); nothing else from elsewhere.
    "img-src 'self' data: blob: https://cdn.discordapp.com/emojis/",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const NOTHING_RUNS = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** Browsers that reached the site over https keep to https for two years, subdomains too (production only). */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Adds the headers to an answer; a page keeps the policy its renderer set (with that page's nonce). `hsts` in production over https. */
export function withSecurityHeaders(response: Response, { hsts = false } = {}): Response {
  const answer = withWritableHeaders(response);
  const { headers } = answer;
  if (hsts) headers.set("Strict-Transport-Security", HSTS);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NOTHING_RUNS);
  if ((headers.get("Content-Type") ?? "").includes("text/html")) headers.set("X-Frame-Options", "DENY");
  return answer;
}

/**
 * The answer itself when its headers can change (the app builds its own answers), else a copy: an
 * answer passed on from fetch() has headers that cannot. Copying every answer cost each request time.
 */
function withWritableHeaders(response: Response) {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
  }
}
