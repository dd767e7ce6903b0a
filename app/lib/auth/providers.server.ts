import type { Config } from "../config.server";

export type OAuthProviderId = "google" | "discord" | "patreon";
export const OAUTH_PROVIDER_IDS: OAuthProviderId[] = ["google", "discord", "patreon"];

export type OAuthProfile = { id: string; email: string | null; name: string | null; image: string | null; emailVerified: boolean };

type ProviderDefinition = {
  name: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint: string;
  scopes: string[];
  profile: (raw: any) => OAuthProfile;
};

export const OAUTH_PROVIDERS: Record<OAuthProviderId, ProviderDefinition> = {
  google: {
    name: "Google",
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    userInfoEndpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
    profile: (p) => ({ id: String(p.sub), email: p.email ?? null, name: p.name ?? null, image: p.picture ?? null, emailVerified: p.email_verified === true }),
  },
  discord: {
    name: "Discord",
    authorizationEndpoint: "https://discord.com/oauth2/authorize",
    tokenEndpoint: "https://discord.com/api/oauth2/token",
    userInfoEndpoint: "https://discord.com/api/users/@me",
    scopes: ["identify", "email"],
    profile: (p) => ({
      id: String(p.id),
      email: p.email ?? null,
      name: p.global_name ?? p.username ?? null,
      image: p.avatar ? `https://cdn.discordapp.com/avatars/${p.id}/${p.avatar}.png` : null,
      emailVerified: p.verified === true,
    }),
  },
  patreon: {
    name: "Patreon",
    authorizationEndpoint: "https://www.patreon.com/oauth2/authorize",
    tokenEndpoint: "https://www.patreon.com/api/oauth2/token",
    userInfoEndpoint: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=email,full_name,image_url,is_email_verified",
    scopes: ["identity", "identity[email]"],
    profile: (p) => ({
      id: String(p.data?.id),
      email: p.data?.attributes?.email ?? null,
      name: p.data?.attributes?.full_name ?? null,
      image: p.data?.attributes?.image_url ?? null,
      emailVerified: p.data?.attributes?.is_email_verified === true,
    }),
  },
};

export function isOAuthProvider(id: string): id is OAuthProviderId {
  return (OAUTH_PROVIDER_IDS as string[]).includes(id);
}

/** A provider's endpoints, with the configured overrides (a local OAuth server in tests). */
export function providerEndpoints(config: Config, id: OAuthProviderId) {
  return { ...OAUTH_PROVIDERS[id], ...config.oauthEndpoints[id] };
}

/** The answer of GET /api/auth/providers: every configured sign-in method. */
export function listProviders(config: Config, origin: string) {
  const out: Record<string, { id: string; name: string; type: string; signinUrl: string; callbackUrl: string }> = {
    email: { id: "email", name: "Email", type: "email", signinUrl: `${origin}/api/auth/signin/email`, callbackUrl: `${origin}/api/auth/callback/email` },
  };
  for (const id of OAUTH_PROVIDER_IDS) {
    if (!config.oauth[id]) continue;
    out[id] = {
      id,
      name: OAUTH_PROVIDERS[id].name,
      type: "oauth",
      signinUrl: `${origin}/api/auth/signin/${id}`,
      callbackUrl: `${origin}/api/auth/callback/${id}`,
    };
  }
  return out;
}
