import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { AccountNotLinkedError } from "~/models/user.server";
import { callbackCookie } from "../cookies.server";
import { requireCsrf } from "../csrf.server";
import { safeCallbackUrl } from "../safe-redirect";
import { setFlash } from "../flash.server";
import { createSession } from "../session.server";
import { isOAuthProvider } from "./providers.server";
import { createAuthenticator } from "./strategies.server";

const emailSchema = z.string().trim().toLowerCase().email().max(254);

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

/** POST /api/auth/signin/:provider — starts a sign-in and remembers where to return. */
export async function startSignIn(request: Request, context: AppLoadContext, provider: string): Promise<Response> {
  const form = await request.clone().formData().catch(() => new FormData());
  return answerRedirect(form, await beginSignIn(request, context, provider, form));
}

async function beginSignIn(request: Request, context: AppLoadContext, provider: string, form: FormData): Promise<Response> {
  await requireCsrf(request, context, form.get("csrfToken"));
  const origin = new URL(request.url).origin;
  const callbackUrl = safeCallbackUrl(form.get("callbackUrl"), origin);

  if (provider !== "email" && !isOAuthProvider(provider)) return redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  if (provider !== "email" && !context.config.oauth[provider]) return authErrorRedirect("ProviderNotConfigured");
  if (provider === "email") {
    const email = emailSchema.safeParse(form.get("email"));
    if (!email.success) return redirect(`/api/auth/signin?error=EmailSignin&callbackUrl=${encodeURIComponent(callbackUrl)}`);
    // One account per address, whatever its case: the strategy sees the normalised email.
    form.set("email", email.data);
    request = new Request(request.url, { method: "POST", headers: request.headers, body: new URLSearchParams(form as unknown as Record<string, string>) });
  }

  const { authenticator } = await createAuthenticator(context, request);
  const rememberCallback = await callbackCookie(context.config, request).serialize(callbackUrl);
  try {
    await authenticator.authenticate(provider, request);
  } catch (thrown) {
    if (thrown instanceof Response) return withHeaders(thrown, [rememberCallback]);
    console.error("sign-in start failed", provider, thrown);
    return authErrorRedirect(provider === "email" ? "EmailSignin" : "Default");
  }
  return authErrorRedirect("Default");
}

/** GET or POST /api/auth/callback/:provider — finishes a sign-in, opens a session, returns to the callbackUrl. */
export async function completeSignIn(request: Request, context: AppLoadContext, provider: string): Promise<Response> {
  if (provider !== "email" && !isOAuthProvider(provider)) return authErrorRedirect("MissingAPIRoute");
  if (provider !== "email" && !context.config.oauth[provider]) return authErrorRedirect("ProviderNotConfigured");
  const form = request.method === "POST" ? await request.clone().formData().catch(() => new FormData()) : new FormData();
  if (request.method === "POST") await requireCsrf(request, context, form.get("csrfToken"));
  return answerRedirect(form, await finishSignIn(request, context, provider));
}

async function finishSignIn(request: Request, context: AppLoadContext, provider: string): Promise<Response> {
  const cookie = callbackCookie(context.config, request);
  const origin = new URL(request.url).origin;
  const callbackUrl = safeCallbackUrl(await cookie.parse(request.headers.get("cookie")), origin);
  const { authenticator, result } = await createAuthenticator(context, request);

  let userId: string | undefined;
  let passThrough: Response | undefined;
  try {
    userId = await authenticator.authenticate(provider, request);
  } catch (thrown) {
    if (thrown instanceof Response) {
      // The email strategy always answers with a redirect; it succeeded when verify() ran.
      userId = result.userId;
      passThrough = thrown;
    } else if (thrown instanceof AccountNotLinkedError) {
      return authErrorRedirect("OAuthAccountNotLinked");
    } else {
      console.error("sign-in callback failed", provider, thrown);
      return authErrorRedirect(provider === "email" ? "Verification" : "OAuthCallback");
    }
  }
  if (!userId) return passThrough ?? authErrorRedirect("Default");

  const cookies = [
    await createSession(context, request, userId),
    await cookie.serialize("", { maxAge: 0 }),
    await setFlash(context, request, { title: "Signed in", description: "Welcome! You are signed in.", variant: "success" }),
  ];
  return withHeaders(passThrough ?? redirect(callbackUrl), cookies, callbackUrl);
}
