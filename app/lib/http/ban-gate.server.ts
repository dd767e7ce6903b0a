import type { AppLoadContext } from "@remix-run/cloudflare";
import { BAN_PAGE_COPY as WORDS, pageTitle } from "~/spec/pages";
import { hasSessionCookie } from "~/lib/http/cookies.server";
import { forbidden } from "~/lib/http/http.server";
import { bannedMessage } from "~/lib/auth/permissions.server";
import { newNonce, pagePolicy } from "~/lib/http/security-headers.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { escapeHtml } from "~/lib/escape-html";

/** What a banned person may still do: read their session and sign out. */
const OPEN_TO_BANNED = new Set(["/api/auth/csrf", "/api/auth/session", "/api/auth/signout"]);

function normalisedPath(url: URL) {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // The Worker entry answers undecodable paths with the 404 page before this runs.
  }
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

const isDocument = (request: Request, path: string) =>
  (request.method === "GET" || request.method === "HEAD") && !path.endsWith(".data") && (request.headers.get("accept") ?? "").includes("text/html");

/**
 * The one gate for bans, where the session is read, before any loader or action runs: a banned
 * user gets the ban page for documents and 403 for everything else (API calls, `.data` requests,
 * media), whatever the spelling of the path. Null lets the request through.
 */
export async function banGate(request: Request, context: AppLoadContext): Promise<Response | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  const user = await getSessionUser(request, context);
  if (!user?.isBanned) return null;
  const path = normalisedPath(new URL(request.url));
  if (OPEN_TO_BANNED.has(path)) return null;
  if (!isDocument(request, path)) return forbidden(bannedMessage(context));
  return banPage(context.config.supportEmail, context.getCsrfToken());
}

/** The ban message and nothing of the app (spec section 2), with Logout (which clears local storage). */
function banPage(supportEmail: string, csrfToken: string) {
  const nonce = newNonce();
  const email = escapeHtml(supportEmail);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle(WORDS.title)}</title></head>
<body style="margin:0;background:#09090b;color:#d4d4d8;font-family:system-ui,-apple-system,sans-serif">
<main data-testid="ban-screen" style="display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box">
<div style="max-width:28rem;border:1px solid #7f1d1d;background:rgba(69,10,10,.4);border-radius:.75rem;padding:2rem;text-align:center">
<h1 style="margin:0;font-size:1.5rem;color:#fff">${WORDS.heading}</h1>
<p style="margin-top:.75rem;line-height:1.5">${WORDS.text(`<a href="mailto:${email}" style="color:#c4b5fd">${email}</a>`)}</p>
<form id="logout" method="post" action="/api/auth/signout"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><input type="hidden" name="callbackUrl" value="/">
<button type="submit" style="margin-top:1.5rem;min-height:44px;border:1px solid #3f3f46;border-radius:.375rem;background:transparent;color:#e4e4e7;padding:.5rem 1rem;font-size:.875rem;cursor:pointer">${WORDS.logout}</button></form>
</div></main>
<script nonce="${nonce}">document.getElementById("logout").addEventListener("submit",function(){try{localStorage.clear()}catch(e){}})</script>
</body></html>`;
  return new Response(html, {
    status: 403,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": pagePolicy(nonce) },
  });
}
