import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { requireAdmin, requireAllowListed, requireModerator, requireSubscriber, requireTier, requireUser } from "~/lib/permissions.server";
import { Client, insertUser, signInByEmail } from "./helpers";

function contextFor(overrides: Partial<Env> = {}): AppLoadContext {
  const merged = { ...env, ...overrides } as Env;
  return { env: merged, db: createDb(merged.DB), config: getConfig(merged), ctx: { waitUntil() {} }, getCsrfToken: () => "" } as unknown as AppLoadContext;
}

async function requestAs(email: string, path = "/api/anything") {
  const client = new Client();
  await signInByEmail(client, email);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return new Request(`http://127.0.0.1${path}`, { headers: { cookie } });
}

async function status(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    return (thrown as Response).status;
  }
}

describe("guards", () => {
  it("requireUser: 401 for JSON calls, a sign-in redirect for pages", async () => {
    const context = contextFor();
    expect(await status(requireUser(new Request("http://127.0.0.1/api/me"), context))).toBe(401);
    expect(await status(requireUser(new Request("http://127.0.0.1/account"), context))).toBe(302);
  });

  it("requireTier ranks FREE < SILVER < GOLD", async () => {
    await insertUser({ email: "silver-tier@example.com", tier: "SILVER" });
    const request = await requestAs("silver-tier@example.com");
    const context = contextFor();
    expect(await status(requireTier(request, context, "FREE"))).toBe(200);
    expect(await status(requireTier(request, context, "SILVER"))).toBe(200);
    expect(await status(requireTier(request, context, "GOLD"))).toBe(403);
  });

  it("requireSubscriber needs an active subscription", async () => {
    await insertUser({ email: "lapsed@example.com", tier: "GOLD" });
    const request = await requestAs("lapsed@example.com");
    expect(await status(requireSubscriber(request, contextFor()))).toBe(403);
    await env.DB.prepare("UPDATE users SET is_subscription_active = 1 WHERE email = 'lapsed@example.com'").run();
    expect(await status(requireSubscriber(await requestAs("lapsed@example.com"), contextFor()))).toBe(200);
  });

  it("requireModerator, requireAdmin and requireAllowListed follow the flag and the configured ids", async () => {
    const id = await insertUser({ email: "listed@example.com", isModerator: true });
    const request = await requestAs("listed@example.com");
    expect(await status(requireModerator(request, contextFor()))).toBe(200);
    expect(await status(requireAdmin(request, contextFor()))).toBe(403);
    expect(await status(requireAdmin(request, contextFor({ ADMIN_USER_ID: id })))).toBe(200);
    expect(await status(requireAllowListed(request, contextFor()))).toBe(403);
    expect(await status(requireAllowListed(request, contextFor({ ALLOWLIST_USER_IDS: `someone, ${id}` })))).toBe(200);
  });
});

describe("configuration", () => {
  it("refuses to start production without a session secret or mail API, naming the variable", () => {
    expect(() => getConfig({ ...env, APP_ENV: "production" } as Env)).toThrow(/SESSION_SECRET/);
    expect(() => getConfig({ ...env, APP_ENV: "production", SESSION_SECRET: "x".repeat(40) } as Env)).toThrow(/MAIL_API_URL/);
    expect(() => getConfig({ ...env, SUPPORT_EMAIL: "not-an-email" } as Env)).toThrow(/SUPPORT_EMAIL/);
  });
});
