import { redirect, type AppLoadContext } from "react-router";
import * as z from "zod";
import { UnverifiedEmailError } from "~/models/user.server";
import { createSignInChallenge } from "~/models/verification-code.server";
import { AUTH_FLASH, RATE_LIMIT_MESSAGES } from "~/spec/messages";
import { AUTH_PAGES_COPY } from "~/spec/pages";
import { plainPage, PLAIN_STYLE } from "~/lib/http/plain-page.server";
import { BRAND } from "~/spec/brand";
import { callbackCookie, signInCookie } from "~/lib/http/cookies.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { mediaType, readForm, type ApiErrorBody } from "~/lib/http/http.server";
import { codeGuessingMail, sendMail, signInMail } from "~/lib/providers/mail.server";
import { clientIp, limitPerMinute, tooManyRequests } from "~/lib/http/rate-limit.server";
import { safeCallbackUrl } from "~/lib/http/safe-redirect";
import { setFlash } from "~/lib/http/flash.server";
import { offerWelcome } from "~/lib/account/welcome.server";
import { createSession } from "~/services/auth/session.server";
import { ConfirmSignInError, EmailSignInError } from "./email-strategy.server";
import { isOAuthProvider } from "~/lib/auth/providers.server";
import { createAuthenticator, EMAIL_CALLBACK_PATH, VERIFY_PATH, type SignedIn } from "./strategies.server";
import { escapeHtml } from "~/lib/escape-html";
import { logError } from "~/lib/log";

const emailSchema = z.lazy(() => z.string().trim().toLowerCase().email().max(254));

/** Sign-in forms are a few fields; a body past 16 KB is refused (413) before anything reads it whole. */
const AUTH_FORM_MAX = 16 * 1024;

/** The posted form (read from a copy, so a strategy can read the request again), or an empty one. */
export async function authForm(request: Request) {
  return (await readForm(request.clone() as Request, AUTH_FORM_MAX)) ?? new FormData();
}

export function authErrorRedirect(error: string) {
  return redirect(`/api/auth/error?error=${encodeURIComponent(error)}`);
}

/**
 * The spec's auth client posts `json=true` and wants `{ url }` instead of a redirect (its fetch
 * cannot follow a cross-site redirect); browsers without JavaScript get the redirect itself.
 */
export function answerRedirect(form: FormData, response: Response): Response {
  if (form.get("json") !== "true" || !response.headers.get("Location")) return response;
  const headers = new Headers(response.headers);
  const url = new URL(headers.get("Location")!, "http://local").toString().replace(/^http:\/\/local/, "");
  headers.delete("Location");
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ url }), { status: 200, headers });
}

function withHeaders(response: Response, cookies: string[], location?: string) {
  const headers = new Headers(response.headers);
  for (const c of cookies) headers.append("Set-Cookie", c);
  if (location) headers.set("Location", location);
  return new Response(null, { status: response.status, headers });
}

const WAIT = AUTH_PAGES_COPY.wait;

/**
 * A 429 for a sign-in form posted without JavaScript: the same status and Retry-After as the JSON
 * answer, as a small page with the message and a way back. JSON callers get the JSON answer.
 */
function limitedAnswer(form: FormData, request: Request, limited: Response, message: string) {
  if (form.get("json") === "true" || !(request.headers.get("accept") ?? "").includes("text/html")) return limited;
  return plainPage({
    status: 429,
    title: WAIT.title,
    heading: WAIT.heading,
    body: `<p style="margin-top:.75rem;line-height:1.5">${escapeHtml(message)}</p>
<p><a href="/api/auth/signin" style="${PLAIN_STYLE.link}">${WAIT.backToSignIn}</a></p>`,
    headers: { "Retry-After": limited.headers.get("Retry-After") ?? "60" },
  });
}

/** Runs a step that may be refused by a rate limit; a refusal becomes the right 429 for the caller. */
async function unlessLimited(form: FormData, request: Request, step: () => Promise<Response>) {
  try {
    return await step();
  } catch (thrown) {
    if (!(thrown instanceof Response) || thrown.status !== 429) throw thrown;
    const { error } = (await thrown.clone().json()) as ApiErrorBody;
    return limitedAnswer(form, request, thrown, error.message);
  }
}

/** POST /api/auth/signin/:provider — starts a sign-in and remembers where to return. */
export async function startSignIn(request: Request, context: AppLoadContext, provider: string): Promise<Response> {
  const form = await authForm(request);
  return answerRedirect(form, await unlessLimited(form, request, () => beginSignIn(request, context, provider, form)));
}

async function beginSignIn(request: Request, context: AppLoadContext, provider: string, form: FormData): Promise<Response> {
  await requireCsrf(request, context, form.get("csrfToken"));
  const origin = new URL(request.url).origin;
  const callbackUrl = safeCallbackUrl(form.get("callbackUrl"), origin);

  if (provider === "email") return await sendSignInMail(request, context, form, callbackUrl);
  if (!isOAuthProvider(provider)) return redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  if (!context.config.oauth[provider]) return authErrorRedirect("ProviderNotConfigured");

  const rememberCallback = await callbackCookie(context.config, request).serialize(callbackUrl);
  try {
    await createAuthenticator(context, request).authenticate(provider, request);
  } catch (thrown) {
    if (thrown instanceof Response) return withHeaders(thrown, [rememberCallback]);
    logError(`sign-in start failed (${provider})`, thrown);
    return authErrorRedirect("Default");
  }
  return authErrorRedirect("Default");
}

/**
 * Email sign-in, step one: a challenge row in D1 (hashed code and link token), its id in a signed
 * cookie, and the mail. Limited per network (a minute budget) and per address (unused mails an hour).
 */
async function sendSignInMail(request: Request, context: AppLoadContext, form: FormData, callbackUrl: string) {
  const email = emailSchema.safeParse(form.get("email"));
  if (!email.success) return redirect(`/api/auth/signin?error=EmailSignin&callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await limitPerMinute(context, "signIn", clientIp(request));
  const challenge = await createSignInChallenge(context.primaryDb, context.config.sessionSecret, { email: email.data, callbackUrl });
  if (!challenge) throw tooManyRequests(RATE_LIMIT_MESSAGES.signInMailsPerHour, 3600);
  const link = new URL(EMAIL_CALLBACK_PATH, request.url);
  link.searchParams.set("t", challenge.token);
  try {
    await sendMail(context, signInMail(BRAND, email.data, challenge.code, link.toString()));
  } catch (error) {
    logError("sign-in mail failed", error);
    return authErrorRedirect("EmailSignin");
  }
  return redirect(VERIFY_PATH, { headers: { "Set-Cookie": await signInCookie(context.config, request).serialize(challenge.id) } });
}

/** Where a magic link opened in a browser that did not ask for it goes first (routes/signin.confirm.tsx). */
export const CONFIRM_PATH = "/signin/confirm";

/**
 * GET or POST /api/auth/callback/:provider — finishes a sign-in, opens a session, returns to the
 * callbackUrl; a magic link opened in another browser goes to the page that asks first.
 */
export async function completeSignIn(request: Request, context: AppLoadContext, provider: string): Promise<Response> {
  if (provider !== "email" && !isOAuthProvider(provider)) return authErrorRedirect("MissingAPIRoute");
  if (provider !== "email" && !context.config.oauth[provider]) return authErrorRedirect("ProviderNotConfigured");
  // A code or link is sent as a form; anything else names no sign-in (issue 58: not an error to log).
  const isForm = ["application/x-www-form-urlencoded", "multipart/form-data"].includes(mediaType(request));
  if (request.method === "POST" && !isForm) return authErrorRedirect("Verification");
  const form = request.method === "POST" ? await authForm(request) : new FormData();
  return answerRedirect(
    form,
    await unlessLimited(form, request, async () => {
      if (request.method === "POST") await requireCsrf(request, context, form.get("csrfToken"));
      if (provider === "email") await limitPerMinute(context, "code", clientIp(request));
      return await finishSignIn(request, context, provider, form.has("t"));
    }),
  );
}

function codeRefused(error: EmailSignInError, request: Request, viaLink: boolean) {
  if (request.method === "GET" || viaLink) return authErrorRedirect("Verification");
  const { check } = error;
  const query = check.reason === "wrong" ? `?error=wrong&left=${check.attemptsLeft}` : check.reason === "no-challenge" ? "" : `?error=${check.reason}`;
  return redirect(`${VERIFY_PATH}${query}`);
}

async function finishSignIn(request: Request, context: AppLoadContext, provider: string, viaLink: boolean): Promise<Response> {
  const cookie = callbackCookie(context.config, request);
  const origin = new URL(request.url).origin;
  let signedIn: SignedIn;
  try {
    signedIn = await createAuthenticator(context, request).authenticate(provider, request);
  } catch (thrown) {
    if (thrown instanceof EmailSignInError) {
      if (thrown.check.reason === "day-cap" && thrown.check.notify) await sendMail(context, codeGuessingMail(BRAND, thrown.check.notify));
      return codeRefused(thrown, request, viaLink);
    }
    if (thrown instanceof ConfirmSignInError) return redirect(`${CONFIRM_PATH}?${new URLSearchParams({ t: thrown.token })}`);
    if (thrown instanceof UnverifiedEmailError) return authErrorRedirect("EmailNotVerified");
    if (thrown instanceof Response) return thrown;
    logError(`sign-in callback failed (${provider})`, thrown);
    return authErrorRedirect(provider === "email" ? "Verification" : "OAuthCallback");
  }
  const callbackUrl = safeCallbackUrl(signedIn.callbackUrl ?? (await cookie.parse(request.headers.get("cookie"))), origin);
  const cookies = [
    await createSession(context, request, signedIn.userId),
    await cookie.serialize("", { maxAge: 0 }),
    await signInCookie(context.config, request).serialize("", { maxAge: 0 }),
    await setFlash(context, request, { ...AUTH_FLASH.signedIn, variant: "success" }),
  ];
  // A first sign-in returns to its page with the welcome step on top (decision 033).
  if (signedIn.created) cookies.push(await offerWelcome(context, request, signedIn.userId));
  return withHeaders(redirect(callbackUrl), cookies, callbackUrl);
}
