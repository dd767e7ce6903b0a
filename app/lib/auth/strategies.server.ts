import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { TOTPStrategy } from "remix-auth-totp";
import { SIGN_IN_CODE_TTL_SECONDS } from "~/spec/limits";
import { BRAND } from "~/spec/brand";
import { isSecureRequest } from "../cookies.server";
import { sendMail, signInMail } from "../mail.server";
import { upsertUserForSignIn } from "~/models/user.server";
import { OAUTH_PROVIDER_IDS, providerEndpoints } from "./providers.server";

export const VERIFY_PATH = "/api/auth/verify-request";
export const EMAIL_CALLBACK_PATH = "/api/auth/callback/email";

async function hex64(secret: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`totp:${secret}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Builds the authenticator for one request. Strategies need the request's env and origin, and the
 * email strategy's verify step reports the signed-in user id through `result`, because
 * remix-auth-totp answers with a redirect rather than the user.
 */
export async function createAuthenticator(context: AppLoadContext, request: Request) {
  const { config } = context;
  const result: { userId?: string } = {};
  const authenticator = new Authenticator<string>();
  const secure = isSecureRequest(request) ? ({ secure: true } as const) : {};

  authenticator.use(
    new TOTPStrategy<string>(
      {
        secret: await hex64(config.sessionSecret),
        magicLinkPath: EMAIL_CALLBACK_PATH,
        emailSentRedirect: VERIFY_PATH,
        successRedirect: "/",
        failureRedirect: VERIFY_PATH,
        totpGeneration: { charSet: "0123456789", digits: 6, period: SIGN_IN_CODE_TTL_SECONDS, maxAttempts: 5 },
        cookieOptions: { ...secure, maxAge: SIGN_IN_CODE_TTL_SECONDS },
        customErrors: {
          invalidTotp: "That code is not right. Check the mail and try again.",
          expiredTotp: "That code has expired. Ask for a new one.",
          rateLimitExceeded: "Too many wrong codes. Ask for a new one.",
          missingSessionEmail: "Your sign-in started in another browser or expired. Enter your email again.",
          missingSessionTotp: "Your sign-in started in another browser or expired. Enter your email again.",
          requiredEmail: "Please enter your email.",
          invalidEmail: "That email address does not look right.",
        },
        sendTOTP: async ({ email, code, magicLink }) => {
          await sendMail(context, signInMail(BRAND, email, code, magicLink));
        },
      },
      async ({ email }) => {
        result.userId = await upsertUserForSignIn(context.db, { provider: "email", providerAccountId: email.toLowerCase(), email, emailVerified: true });
        return result.userId;
      },
    ),
    "email",
  );

  for (const id of OAUTH_PROVIDER_IDS) {
    const credentials = config.oauth[id];
    if (!credentials) continue;
    const endpoints = providerEndpoints(config, id);
    authenticator.use(
      new OAuth2Strategy<string>(
        {
          cookie: { name: `__oauth_${id}`, path: "/", httpOnly: true, sameSite: "Lax", ...secure, maxAge: 600 },
          clientId: credentials.clientId,
          clientSecret: credentials.clientSecret,
          authorizationEndpoint: endpoints.authorizationEndpoint,
          tokenEndpoint: endpoints.tokenEndpoint,
          redirectURI: new URL(`/api/auth/callback/${id}`, request.url).toString(),
          scopes: endpoints.scopes,
        },
        async ({ tokens }) => {
          const response = await fetch(endpoints.userInfoEndpoint, {
            headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: "application/json" },
          });
          if (!response.ok) throw new Error(`Profile request failed with ${response.status}`);
          const profile = endpoints.profile(await response.json());
          if (!profile.email) throw new Error("The provider did not share an email address");
          return upsertUserForSignIn(context.db, {
            provider: id,
            providerAccountId: profile.id,
            email: profile.email,
            name: profile.name,
            image: profile.image,
            emailVerified: profile.emailVerified,
          });
        },
      ),
      id,
    );
  }
  return { authenticator, result };
}
