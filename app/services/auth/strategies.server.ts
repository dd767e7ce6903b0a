import type { AppLoadContext } from "react-router";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { isId } from "~/db/ids";
import { nameFromEmail, signInUser } from "~/models/user.server";
import { requestGate } from "~/services/safety/safety-gate.server";
import { isSecureRequest, signInCookie } from "~/lib/http/cookies.server";
import { EmailCodeStrategy } from "./email-strategy.server";
import { OAUTH_PROVIDER_IDS, providerEndpoints } from "~/lib/auth/providers.server";

export const VERIFY_PATH = "/api/auth/verify-request";
export const EMAIL_CALLBACK_PATH = "/api/auth/callback/email";

/** Who signed in, and (for email) where the challenge said to return. */
/** Who signed in, where they go next, and whether this sign-in made their account (decision 033). */
export type SignedIn = { userId: string; created: boolean; callbackUrl?: string | null };

/** The pending email challenge this browser holds (its signed cookie), or null. */
export async function pendingChallengeId(context: AppLoadContext, request: Request) {
  const id = await signInCookie(context.config, request).parse(request.headers.get("cookie"));
  return isId(id) ? id : null;
}

/**
 * The display name a new account starts with (issue 59): the provider's name, else the first word of
 * the address, whichever passes the safety gate first; none when neither does (pages then say "User").
 */
async function displayName(context: AppLoadContext, provided: string | null | undefined, email: string) {
  const candidates = [(provided ?? "").trim().slice(0, 20), nameFromEmail(email.trim().toLowerCase()).slice(0, 20)].filter(Boolean);
  if (!candidates.length) return null;
  const verdicts = await requestGate(context, null).check(candidates.map((text) => ({ field: "profile.name" as const, text })));
  return verdicts.find((v) => v.ok)?.text ?? null;
}

/** Builds the authenticator for one request: strategies need the request's env and origin. */
export function createAuthenticator(context: AppLoadContext, request: Request) {
  const { config } = context;
  const authenticator = new Authenticator<SignedIn>();
  const secure = isSecureRequest(request) ? ({ secure: true } as const) : {};

  authenticator.use(
    new EmailCodeStrategy<SignedIn>(
      { db: context.primaryDb, secret: config.sessionSecret, challengeId: (r) => pendingChallengeId(context, r) },
      async ({ email, callbackUrl }) => ({
        ...(await signInUser(context.db, {
          provider: "email",
          providerAccountId: email,
          email,
          name: await displayName(context, null, email),
          emailVerified: true,
        })),
        callbackUrl,
      }),
    ),
    "email",
  );

  for (const id of OAUTH_PROVIDER_IDS) {
    const credentials = config.oauth[id];
    if (!credentials) continue;
    const endpoints = providerEndpoints(config, id);
    authenticator.use(
      new OAuth2Strategy<SignedIn>(
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
          // The provider's picture is not kept: pages load images from this site only (CSP, decision 012).
          return await signInUser(context.db, {
            provider: id,
            providerAccountId: profile.id,
            email: profile.email,
            name: await displayName(context, profile.name, profile.email),
            emailVerified: profile.emailVerified,
          });
        },
      ),
      id,
    );
  }
  return authenticator;
}
