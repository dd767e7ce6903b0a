import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, me, signInWithOAuth, signedIn } from "../../support/client";
import { insertUser, testDb } from "../../support/fixtures";
import { authAccounts } from "~/db/schema";
import { signBody } from "~/services/account/patreon-webhook.server";
import { UnverifiedEmailError, upsertUserForSignIn, releasedEmail } from "~/models/user.server";

/**
 * No account can be pre-claimed (issue 22): an identity whose email its provider has not verified
 * never takes that address, so the address's owner signing in later by mail (or Google) never lands
 * in an account an attacker's Discord or Patreon login is attached to.
 */
const identities = (userId: string) =>
  env.DB.prepare("SELECT provider, email, email_verified AS verified FROM auth_accounts WHERE user_id = ? ORDER BY provider").bind(userId).all();

const userIdOf = (email: string) => env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id");

describe("an unverified provider email claims nothing", () => {
  it("a Patreon sign-in with an unverified email is refused with a clear message, and makes no account", async () => {
    const attacker = new Client();
    const done = await signInWithOAuth(attacker, "patreon", { id: "pat-attacker-1", email: "future-owner@example.com", verified: false });
    expect(done.headers.get("location")).toBe("/api/auth/error?error=EmailNotVerified");
    const page = await (await attacker.fetch("/api/auth/error?error=EmailNotVerified")).text();
    expect(page).toContain("The sign-in provider has not verified the email address on your account there.");
    expect(await userIdOf("future-owner@example.com")).toBeNull();

    // The address's owner signs in by mail: a fresh account, with no Patreon login attached to it.
    const owner = await signedIn("future-owner@example.com");
    const ownerId = (await me(owner)).id;
    expect((await identities(ownerId)).results).toEqual([{ provider: "email", email: "future-owner@example.com", verified: 1 }]);
  });

  it("Discord too: an unverified email is refused whether or not an account holds it", async () => {
    await insertUser({ email: "held@example.com" });
    for (const email of ["held@example.com", "nobody-yet@example.com"])
      await expect(upsertUserForSignIn(testDb(), { provider: "discord", providerAccountId: `d-${email}`, email, emailVerified: false })).rejects.toBeInstanceOf(
        UnverifiedEmailError,
      );
    expect(await userIdOf("nobody-yet@example.com")).toBeNull();
  });

  it("a verified sign-in does not join an account that only unverified identities reach (an address claimed before the fix)", async () => {
    // The squatter's account as the old code made it: Discord said the address was not verified.
    const squatterId = await insertUser({ email: "claimed@example.com", name: "Squatter" });
    await testDb().insert(authAccounts).values({ userId: squatterId, provider: "discord", providerAccountId: "d-squat", email: "claimed@example.com" });

    const owner = await signedIn("claimed@example.com");
    const ownerMe = await me(owner);
    expect(ownerMe.id).not.toBe(squatterId);
    expect(ownerMe.email).toBe("claimed@example.com");
    expect((await identities(ownerMe.id)).results).toEqual([{ provider: "email", email: "claimed@example.com", verified: 1 }]);
    // The squatter keeps their own account through their Discord login, without the address.
    expect(await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(squatterId).first("email")).toBe(releasedEmail(squatterId));
    expect(await upsertUserForSignIn(testDb(), { provider: "discord", providerAccountId: "d-squat", email: "claimed@example.com", emailVerified: false })).toBe(
      squatterId,
    );
  });

  it("a verified provider email joins the account that holds it, and each identity records whether its email was verified", async () => {
    const owner = await signedIn("joined@example.com");
    const ownerId = (await me(owner)).id;
    const phone = new Client();
    const done = await signInWithOAuth(phone, "patreon", { id: "pat-joined", email: "Joined@Example.com", verified: true });
    expect(done.headers.get("location")).toBe("/");
    expect((await me(phone)).id).toBe(ownerId);
    expect((await identities(ownerId)).results).toEqual([
      { provider: "email", email: "joined@example.com", verified: 1 },
      { provider: "patreon", email: "joined@example.com", verified: 1 },
    ]);
  });
});

describe("membership reaches verified addresses only", () => {
  const deliver = (memberId: string, email: string) => {
    const body = JSON.stringify({
      data: {
        id: memberId,
        type: "member",
        attributes: { email, patron_status: "active_patron", last_charge_date: "2026-11-01T00:00:00Z" },
        relationships: { currently_entitled_tiers: { data: [{ id: "tier-gold" }] } },
      },
    });
    return new Client().fetch("/api/webhooks/patreon", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "x-patreon-event": "members:create", "x-patreon-signature": signBody(body, "test-webhook-secret") },
    });
  };

  it("the webhook's fallback to the account with the patron's email skips an account no verified identity reaches", async () => {
    const squatterId = await insertUser({ email: "patron-claimed@example.com" });
    await testDb().insert(authAccounts).values({ userId: squatterId, provider: "discord", providerAccountId: "d-patron", email: "patron-claimed@example.com" });
    expect((await deliver("member-claimed", "patron-claimed@example.com")).status).toBe(200);
    expect(await env.DB.prepare("SELECT tier FROM users WHERE id = ?").bind(squatterId).first("tier")).toBe("FREE");

    const verified = await signedIn("patron-verified@example.com");
    expect((await deliver("member-verified", "patron-verified@example.com")).status).toBe(200);
    expect((await me(verified)).tier).toBe("GOLD");
  });

  it("a Patreon sign-in connects membership only for an email Patreon verified", async () => {
    const client = new Client();
    await signInWithOAuth(client, "patreon", { id: "pat-connect", email: "pat-connect@example.com", verified: true });
    // Later the person changes their Patreon email and has not verified the new one yet.
    const again = new Client();
    expect((await signInWithOAuth(again, "patreon", { id: "pat-connect", email: "pat-new@example.com", verified: false })).headers.get("location")).toBe("/");
    const connected = JSON.stringify(await (await again.fetch("/api/patreon-connections")).json());
    expect(connected).toContain("pat-connect@example.com");
    expect(connected).not.toContain("pat-new@example.com");
  });
});
