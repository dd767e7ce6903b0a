import type { AppLoadContext } from "@remix-run/cloudflare";
import { BAN_PAGE_COPY as WORDS } from "~/spec/pages";
import { hasSessionCookie } from "~/lib/http/cookies.server";
import { forbidden } from "~/lib/http/http.server";
import { bannedMessage } from "~/lib/auth/permissions.server";
import { plainPage, PLAIN_STYLE } from "~/lib/http/plain-page.server";
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
  const email = escapeHtml(supportEmail);
  return plainPage({
    status: 403,
    title: WORDS.title,
    heading: WORDS.heading,
    testId: "ban-screen",
    border: "#7f1d1d",
    body: `<p style="margin-top:.75rem;line-height:1.5">${WORDS.text(`<a href="mailto:${email}" style="${PLAIN_STYLE.link}">${email}</a>`)}</p>
<form id="logout" method="post" action="/api/auth/signout"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><input type="hidden" name="callbackUrl" value="/">
<button type="submit" style="${PLAIN_STYLE.button}">${WORDS.logout}</button></form>`,
    script: `document.getElementById("logout").addEventListener("submit",function(){try{localStorage.clear()}catch(e){}})`,
  });
}
