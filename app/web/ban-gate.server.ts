import type { AppLoadContext } from "react-router";
import { BAN_PAGE_COPY as WORDS } from "~/spec/pages";
import { forbidden, jsonError } from "~/lib/http/http.server";
import { bannedMessage } from "~/services/auth/permissions.server";
import { plainPage, PLAIN_STYLE } from "~/lib/http/plain-page.server";
import { getSessionUser } from "~/services/auth/session.server";
import { escapeHtml } from "~/lib/escape-html";
import { logError } from "~/lib/log";
import { errorWords } from "~/components/route-error";
import { API_MESSAGES } from "~/spec/messages";

/** How long to wait before trying again when the session could not be read (D1 unreachable). */
const RETRY_AFTER_SECONDS = "30";

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
  // The session is read for every request, by the one reader (issue 58): no guessing from the header's
  // text whether there is one. A request with no session cookie costs no database call.
  const path = normalisedPath(new URL(request.url));
  let user;
  try {
    user = await getSessionUser(request, context);
  } catch (error) {
    // Whether this person is banned cannot be known, so nothing goes through (the gate stays shut).
    logError("session read failed", error);
    return unavailable(isDocument(request, path));
  }
  if (!user?.isBanned) return null;
  if (OPEN_TO_BANNED.has(path)) return null;
  if (!isDocument(request, path)) return forbidden(bannedMessage(context));
  return banPage(context.config.supportEmail, context.getCsrfToken());
}

/** 503 when the session could not be read: the error page for documents, the API's JSON for the rest. */
function unavailable(document: boolean) {
  const { title, text } = errorWords(503, null);
  const answer = document
    ? plainPage({ status: 503, title, heading: title, body: `<p style="margin-top:.75rem;line-height:1.5">${escapeHtml(text)}</p>` })
    : jsonError(503, API_MESSAGES.serverError, { code: "unavailable" });
  answer.headers.set("Retry-After", RETRY_AFTER_SECONDS);
  return answer;
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
