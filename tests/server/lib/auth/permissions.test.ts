import { env } from "cloudflare:workers";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { canSeeImagePrompt, canUseModel, capabilitiesFor, usableModel } from "~/lib/auth/capabilities";
import { getConfig } from "~/lib/config.server";
import { requireCapability, requireUser } from "~/services/auth/permissions.server";
import { saveChatSettings } from "~/models/chat-settings.server";
import { Client, meId, putJson, signInByEmail } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

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

const roles = { adminUserId: "admin0000000000x", allowlistUserIds: ["listed000000000x"] };
const person = (over: Partial<Parameters<typeof capabilitiesFor>[0] & object> = {}) => ({
  id: "someone000000000",
  tier: "FREE" as const,
  isSubscriptionActive: false,
  isModerator: false,
  isBanned: false,
  ...over,
});

describe("capabilities", () => {
  it("follow tier, subscription, role flags and the configured ids", () => {
    expect(capabilitiesFor(null, roles)).toMatchObject({ signedIn: false, personalise: false, savedChats: false, moderate: false });
    expect(capabilitiesFor(person(), roles)).toMatchObject({
      signedIn: true,
      savedChats: false,
      editPersona: false,
      unlimitedMessages: false,
      models: ["Lightning", "Mage"],
    });
    expect(capabilitiesFor(person({ tier: "SILVER", isSubscriptionActive: true }), roles)).toMatchObject({
      savedChats: false,
      editPersona: true,
      unlimitedMessages: true,
      models: ["Mage", "Witch", "Succubus", "Lightning"],
    });
    expect(capabilitiesFor(person({ tier: "GOLD", isSubscriptionActive: true }), roles)).toMatchObject({ savedChats: true, editPersona: true });
    expect(capabilitiesFor(person({ isModerator: true }), roles)).toMatchObject({ moderate: true, customSystemPrompt: true, viewAnalytics: false });
    expect(capabilitiesFor(person({ id: roles.adminUserId }), roles)).toMatchObject({ viewAnalytics: true, moderate: false });
    expect(capabilitiesFor(person({ id: "listed000000000x" }), roles)).toMatchObject({ allowListed: true, customSystemPrompt: true });
    expect(capabilitiesFor(person({ isBanned: true, isModerator: true, tier: "GOLD" }), roles)).toMatchObject({
      signedIn: false,
      moderate: false,
      savedChats: false,
    });
  });

  it("a model FREE may not use falls back to one it may", () => {
    const free = capabilitiesFor(person(), roles);
    expect(canUseModel(free, "Witch")).toBe(false);
    expect(usableModel(free, "Witch")).toBe("Lightning");
    expect(usableModel(free, "Mage")).toBe("Mage");
    expect(usableModel(free, null)).toBe("Lightning");
    expect(usableModel(capabilitiesFor(person({ tier: "GOLD" }), roles), "Witch")).toBe("Witch");
  });

  it("image prompts show when marked visible, else to the creator and moderators", () => {
    const row = { userId: "owner00000000000", imagePromptVisible: false };
    expect(canSeeImagePrompt(null, row)).toBe(false);
    expect(canSeeImagePrompt({ id: "stranger00000000", isModerator: false }, row)).toBe(false);
    expect(canSeeImagePrompt({ id: "owner00000000000", isModerator: false }, row)).toBe(true);
    expect(canSeeImagePrompt({ id: "mod0000000000000", isModerator: true }, row)).toBe(true);
    expect(canSeeImagePrompt(null, { ...row, imagePromptVisible: true })).toBe(true);
  });
});

describe("guards", () => {
  it("requireUser: 401 for JSON calls, a sign-in redirect for pages", async () => {
    const context = contextFor();
    expect(await status(requireUser(new Request("http://127.0.0.1/api/me"), context))).toBe(401);
    expect(await status(requireUser(new Request("http://127.0.0.1/account"), context))).toBe(302);
  });

  it("requireCapability answers 403 with the capability's message", async () => {
    const id = await insertUser({ email: "listed@example.com", isModerator: true });
    const request = await requestAs("listed@example.com");
    expect(await status(requireCapability(request, contextFor(), "moderate"))).toBe(200);
    expect(await status(requireCapability(request, contextFor(), "viewAnalytics"))).toBe(403);
    expect(await status(requireCapability(request, contextFor({ ADMIN_USER_ID: id }), "viewAnalytics"))).toBe(200);
    expect(await status(requireCapability(request, contextFor(), "savedChats"))).toBe(403);
    const refused = await requireCapability(request, contextFor(), "savedChats").catch((r: Response) => r.json());
    expect(refused).toMatchObject({ error: { code: "forbidden", message: "This feature is only available for GOLD users." } });
  });
});

describe("paying subscribers (spec section 6)", () => {
  it("an active paid-user record makes one, as an active subscription does; a former patron's record does not", async () => {
    const patron = await insertUser({ email: "paid-record@example.com", tier: "SILVER" });
    const former = await insertUser({ email: "paid-former@example.com", tier: "SILVER" });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO paid_users (id, user_id, patreon_member_id, tier, status, last_event_at) VALUES ('paidrecord000001', ?, 'member-1', 'SILVER', 'active_patron', 0)",
      ).bind(patron),
      env.DB.prepare(
        "INSERT INTO paid_users (id, user_id, patreon_member_id, tier, status, last_event_at) VALUES ('paidrecord000002', ?, 'member-2', 'SILVER', 'former_patron', 0)",
      ).bind(former),
    ]);
    const can = async (email: string) => (await requireUser(await requestAs(email), contextFor())).isSubscriptionActive;
    expect(await can("paid-record@example.com")).toBe(true);
    expect(await can("paid-former@example.com")).toBe(false);
    const client = new Client();
    await signInByEmail(client, "paid-record@example.com");
    const me = ((await (await client.fetch("/api/me")).json()) as { user: { isSubscriptionActive: boolean; messageToken: unknown } }).user;
    expect(me).toMatchObject({ isSubscriptionActive: true, messageToken: null });
  });
});

describe("model gating", () => {
  const CHARACTER = "gatechar00000001";
  it("FREE cannot save or send with a paid model; a character's paid default falls back to Lightning", async () => {
    const owner = await insertUser({ email: "gate-owner@example.com" });
    await insertCharacter({ id: CHARACTER, userId: owner, name: "Sage", greeting: "Ask.", defaultModel: "Witch" });
    const client = new Client();
    await signInByEmail(client, "gate-free@example.com");
    const saved = await putJson(client, `/api/chat/update?characterId=${CHARACTER}`, { model: "Witch" });
    expect(saved.status).toBe(403);
    expect(((await saved.json()) as any).error.message).toBe("Witch is for SILVER and GOLD members. Your account can use Lightning and Mage. See /pricing.");
    expect((await putJson(client, `/api/chat/update?characterId=${CHARACTER}`, { model: "Mage" })).status).toBe(200);

    // A setting saved while the account was paid (or written by hand) is not used once it is FREE.
    const clientId = await meId(client);
    await saveChatSettings(env, clientId, CHARACTER, { model: "Succubus" }, { model: "Succubus" });
    const reply = await (await client.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Which model are you?" })).text();
    expect(reply).toContain('"model":"Lightning"');

    const other = new Client();
    await signInByEmail(other, "gate-free-two@example.com");
    const fallback = await (await other.postJson(`/api/chats/${CHARACTER}/messages`, { content: "And now?" })).text();
    expect(fallback).toContain('"model":"Lightning"');
  });
});

describe("configuration", () => {
  it("refuses to start production without a session secret or mail API, naming the variable", () => {
    expect(() => getConfig({ ...env, APP_ENV: "production" } as Env)).toThrow(/SESSION_SECRET/);
    expect(() => getConfig({ ...env, APP_ENV: "production", SESSION_SECRET: "x".repeat(40) } as Env)).toThrow(/MAIL_API_URL/);
    expect(() => getConfig({ ...env, SUPPORT_EMAIL: "not-an-email" } as Env)).toThrow(/SUPPORT_EMAIL/);
  });

  it("refuses the development secret in production", () => {
    const production = { ...env, APP_ENV: "production", MAIL_API_URL: "https://mail.example/send", MAIL_API_KEY: "k", PATREON_WEBHOOK_SECRET: "s" } as Env;
    expect(() => getConfig({ ...production, SESSION_SECRET: "reverie-local-development-secret-do-not-use-in-production" } as Env)).toThrow(/SESSION_SECRET/);
    expect(getConfig({ ...production, SESSION_SECRET: "y".repeat(40) } as Env).isProduction).toBe(true);
  });
});
