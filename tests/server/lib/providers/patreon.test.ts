import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signBody } from "~/services/account/patreon-webhook.server";
import { Client, lastMail, me, putJson, signedIn } from "../../support/client";

const SECRET = "test-webhook-secret";

function memberPayload(memberId: string, email: string, status: string | null, tiers: string[], lastChargeDate: string | null = null) {
  return JSON.stringify({
    data: {
      id: memberId,
      type: "member",
      attributes: { email, patron_status: status, full_name: "Some Patron", last_charge_date: lastChargeDate },
      relationships: { currently_entitled_tiers: { data: tiers.map((id) => ({ id, type: "tier" })) } },
    },
    included: [],
  });
}

async function deliver(event: string, body: string, signature = signBody(body, SECRET)) {
  return await new Client().fetch("/api/webhooks/patreon", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "x-patreon-event": event, "x-patreon-signature": signature },
  });
}

describe("connecting a Patreon email", () => {
  it("sends a 6-digit code, and the right code connects the email", async () => {
    const client = await signedIn("connector@example.com");
    const sent = await putJson(client, "/api/profile/connect/email", { patreonEmail: "Patron@Example.com" });
    expect(await sent.json()).toEqual({ message: "Code sent to your Patreon email" });
    const { subject } = await lastMail("patron@example.com");
    const code = subject.match(/(\d{6})$/)![1];
    const done = await putJson(client, "/api/profile/connect/code", { code, patreonEmail: "patron@example.com" });
    expect(await done.json()).toEqual({ message: "Connected!" });
    const connections = (await (await client.fetch("/api/patreon-connections")).json()) as any[];
    expect(connections).toMatchObject([{ patreonEmail: "patron@example.com", email: "connector@example.com" }]);
    // The code is used up.
    expect((await putJson(client, "/api/profile/connect/code", { code, patreonEmail: "patron@example.com" })).status).toBe(400);
  });

  it("counts wrong codes: 5 attempts at most, then a new code is needed", async () => {
    const client = await signedIn("guesser@example.com");
    await putJson(client, "/api/profile/connect/email", { patreonEmail: "guess@example.com" });
    const code = (await lastMail("guess@example.com")).subject.slice(-6);
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(
        ((await (await putJson(client, "/api/profile/connect/code", { code: wrong, patreonEmail: "guess@example.com" })).json()) as any).error.message,
      );
    expect(messages).toEqual([
      "That code is not right. 4 tries left.",
      "That code is not right. 3 tries left.",
      "That code is not right. 2 tries left.",
      "That code is not right. 1 try left.",
      "Too many wrong codes. Ask for a new one.",
    ]);
    const right = await putJson(client, "/api/profile/connect/code", { code, patreonEmail: "guess@example.com" });
    expect(((await right.json()) as any).error.message).toBe("Too many wrong codes. Ask for a new one.");
  });

  it("refuses an expired code and bad input", async () => {
    const client = await signedIn("late@example.com");
    await putJson(client, "/api/profile/connect/email", { patreonEmail: "late-patron@example.com" });
    const code = (await lastMail("late-patron@example.com")).subject.slice(-6);
    await env.DB.prepare("UPDATE verification_codes SET expires_at = ? WHERE target = 'late-patron@example.com'")
      .bind(Date.now() - 1)
      .run();
    const expired = await putJson(client, "/api/profile/connect/code", { code, patreonEmail: "late-patron@example.com" });
    expect(((await expired.json()) as any).error.message).toBe("That code has expired. Ask for a new one.");
    const format = await putJson(client, "/api/profile/connect/code", { code: "12ab", patreonEmail: "late-patron@example.com" });
    expect(((await format.json()) as any).error.message).toBe("code: The code is the 6 digits from the email.");
    const long = await putJson(client, "/api/profile/connect/email", { patreonEmail: `${"x".repeat(50)}@example.com` });
    expect(((await long.json()) as any).error.message).toBe("patreonEmail: The Patreon email can be at most 60 characters.");
  });
});

describe("POST /api/webhooks/patreon", () => {
  it("refuses a bad signature with 401 and changes nothing", async () => {
    const client = await signedIn("unsigned@example.com");
    const body = memberPayload("m-unsigned", "unsigned@example.com", "active_patron", ["tier-gold"]);
    expect((await deliver("members:create", body, "0".repeat(32))).status).toBe(401);
    expect((await deliver("members:create", body, "not-hex")).status).toBe(401);
    expect((await deliver("members:create", body.replace("unsigned@", "other@"), signBody(body, SECRET))).status).toBe(401);
    expect(await me(client)).toMatchObject({ tier: "FREE", isSubscriptionActive: false });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM paid_users WHERE patreon_member_id = 'm-unsigned'").first<any>()).n).toBe(0);
  });

  it("maps tiers for a connected account, is idempotent, and a deleted pledge returns the user to FREE", async () => {
    const client = await signedIn("member@example.com");
    await putJson(client, "/api/profile/connect/email", { patreonEmail: "member-patreon@example.com" });
    await putJson(client, "/api/profile/connect/code", {
      code: (await lastMail("member-patreon@example.com")).subject.slice(-6),
      patreonEmail: "member-patreon@example.com",
    });

    const silver = memberPayload("m-1", "member-patreon@example.com", "active_patron", ["tier-silver"]);
    expect((await deliver("members:pledge:create", silver)).status).toBe(200);
    expect(await me(client)).toMatchObject({ tier: "SILVER", isSubscriptionActive: true, messageToken: null });

    const gold = memberPayload("m-1", "member-patreon@example.com", "active_patron", ["tier-silver", "tier-gold"]);
    await deliver("members:pledge:update", gold);
    await deliver("members:pledge:update", gold);
    expect(await me(client)).toMatchObject({ tier: "GOLD", isSubscriptionActive: true });
    expect(await env.DB.prepare("SELECT count(*) AS n, max(tier) AS tier FROM paid_users WHERE patreon_member_id = 'm-1'").first<any>()).toEqual({
      n: 1,
      tier: "GOLD",
    });

    // Patreon's body for a deleted pledge: a former patron with no entitled tiers.
    await deliver("members:pledge:delete", memberPayload("m-1", "member-patreon@example.com", "former_patron", []));
    expect(await me(client)).toMatchObject({ tier: "FREE", isSubscriptionActive: false });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM paid_users WHERE patreon_member_id = 'm-1' AND status = 'active_patron'").first<any>()).n).toBe(0);
  });

  it("a lapsed (declined) patron goes back to FREE; an unconnected account is found by its email", async () => {
    const client = await signedIn("by-email@example.com");
    await deliver("members:create", memberPayload("m-2", "by-email@example.com", "active_patron", ["tier-gold"]));
    expect(await me(client)).toMatchObject({ tier: "GOLD", isSubscriptionActive: true });
    await deliver("members:update", memberPayload("m-2", "by-email@example.com", "declined_patron", ["tier-gold"]));
    expect(await me(client)).toMatchObject({ tier: "FREE", isSubscriptionActive: false });
  });

  it("a membership recorded before connecting applies when the email is connected", async () => {
    await deliver("members:create", memberPayload("m-3", "early@example.com", "active_patron", ["tier-gold"]));
    const client = await signedIn("late-connector@example.com");
    expect((await me(client)).tier).toBe("FREE");
    await putJson(client, "/api/profile/connect/email", { patreonEmail: "early@example.com" });
    await putJson(client, "/api/profile/connect/code", { code: (await lastMail("early@example.com")).subject.slice(-6), patreonEmail: "early@example.com" });
    expect(await me(client)).toMatchObject({ tier: "GOLD", isSubscriptionActive: true });
  });

  it("refuses unsupported events and malformed bodies with 400", async () => {
    const body = memberPayload("m-4", "x@example.com", "active_patron", []);
    expect((await deliver("posts:publish", body)).status).toBe(400);
    expect((await deliver("members:create", "{not json")).status).toBe(400);
    expect((await deliver("members:create", JSON.stringify({ data: { id: "1", type: "campaign" } }))).status).toBe(400);
  });
});

describe("webhook replays", () => {
  it("the state comes from the signed body: an unsigned event header cannot end or start a membership", async () => {
    const client = await signedIn("header-trick@example.com");
    const active = memberPayload("m-h", "header-trick@example.com", "active_patron", ["tier-gold"], "2026-11-01T10:00:00.000+00:00");
    await deliver("members:create", active);
    expect(await me(client)).toMatchObject({ tier: "GOLD", isSubscriptionActive: true });
    await deliver("members:pledge:delete", active);
    expect(await me(client)).toMatchObject({ tier: "GOLD", isSubscriptionActive: true });
    const former = memberPayload("m-h", "header-trick@example.com", "former_patron", [], "2026-11-01T10:00:00.000+00:00");
    await deliver("members:create", former);
    expect(await me(client)).toMatchObject({ tier: "FREE", isSubscriptionActive: false });
  });

  it("a body older than the state stored changes nothing", async () => {
    const client = await signedIn("replayed@example.com");
    const october = memberPayload("m-r", "replayed@example.com", "active_patron", ["tier-gold"], "2026-10-01T10:00:00.000+00:00");
    const novemberDeclined = memberPayload("m-r", "replayed@example.com", "declined_patron", ["tier-gold"], "2026-11-01T10:00:00.000+00:00");
    await deliver("members:create", october);
    await deliver("members:update", novemberDeclined);
    expect(await me(client)).toMatchObject({ tier: "FREE", isSubscriptionActive: false });
    // An attacker (or a slow retry) sends October's signed body again.
    const replay = await deliver("members:update", october);
    expect(replay.status).toBe(200);
    expect(await me(client)).toMatchObject({ tier: "FREE", isSubscriptionActive: false });
    // A later charge does count.
    await deliver("members:update", memberPayload("m-r", "replayed@example.com", "active_patron", ["tier-silver"], "2026-12-01T10:00:00.000+00:00"));
    expect(await me(client)).toMatchObject({ tier: "SILVER", isSubscriptionActive: true });
  });
});

describe("connect codes under parallel guesses", () => {
  it("15 parallel wrong codes count as exactly 5 attempts, and a user gets at most 5 codes an hour", async () => {
    const client = await signedIn("parallel-guess@example.com");
    await putJson(client, "/api/profile/connect/email", { patreonEmail: "pguess@example.com" });
    const code = (await lastMail("pguess@example.com")).subject.slice(-6);
    const wrong = code === "000000" ? "111111" : "000000";
    await Promise.all(Array.from({ length: 15 }, () => putJson(client, "/api/profile/connect/code", { code: wrong, patreonEmail: "pguess@example.com" })));
    expect(await env.DB.prepare("SELECT attempts FROM verification_codes WHERE target = 'pguess@example.com'").first("attempts")).toBe(5);
    const right = await putJson(client, "/api/profile/connect/code", { code, patreonEmail: "pguess@example.com" });
    expect(((await right.json()) as any).error.message).toBe("Too many wrong codes. Ask for a new one.");

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await putJson(client, "/api/profile/connect/email", { patreonEmail: "pguess@example.com" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe("signing in with Patreon", () => {
  it("connects that Patreon email too, so webhooks for it reach the account", async () => {
    const { upsertUserForSignIn } = await import("~/models/user.server");
    const { createDb } = await import("~/db/client.server");
    const userId = await upsertUserForSignIn(createDb(env.DB), {
      provider: "patreon",
      providerAccountId: "p-77",
      email: "Patreon-Signin@example.com",
      emailVerified: true,
    });
    const rows = await env.DB.prepare("SELECT patreon_email FROM patreon_connections WHERE user_id = ?").bind(userId).all();
    expect(rows.results).toEqual([{ patreon_email: "patreon-signin@example.com" }]);
    await deliver("members:create", memberPayload("m-77", "patreon-signin@example.com", "active_patron", ["tier-silver"]));
    expect(await env.DB.prepare("SELECT tier, is_subscription_active FROM users WHERE id = ?").bind(userId).first()).toEqual({
      tier: "SILVER",
      is_subscription_active: 1,
    });
  });
});
