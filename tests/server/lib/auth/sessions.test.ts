import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../support/worker";
import { Client, lastMail, meId, putJson, signInByEmail, signedIn } from "../../support/client";

/** Sessions and headers (issue 22). */
const sessionsOf = (userId: string) => env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?").bind(userId).all<{ id: string }>();
const whoIs = async (client: Client) => (((await (await client.fetch("/api/auth/session")).json()) as any).user?.email as string | undefined) ?? null;

describe("sessions", () => {
  it("are stored by a hash of the token: the table holds nothing a cookie could be made from", async () => {
    const client = await signedIn("hashed@example.com");
    // A signed cookie's value is the token as base64 JSON, then its signature.
    const token = JSON.parse(atob(decodeURIComponent(client.cookies.get("__session")!).split(".")[0])) as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const rows = (await sessionsOf(await meId(client))).results;
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signing in again in the same browser replaces its session instead of adding one", async () => {
    const client = await signedIn("again@example.com");
    const before = client.cookies.get("__session");
    await signInByEmail(client, "again@example.com");
    expect(client.cookies.get("__session")).not.toBe(before);
    expect((await sessionsOf(await meId(client))).results).toHaveLength(1);
    const stale = new Client();
    stale.cookies.set("__session", before!);
    expect(await whoIs(stale)).toBeNull();
  });

  it("the account can sign out every other session, and keeps its own", async () => {
    const laptop = await signedIn("everywhere@example.com");
    const phone = await signedIn("everywhere@example.com");
    const tablet = await signedIn("everywhere@example.com");
    expect(await (await laptop.fetch("/api/account/sessions")).json()).toEqual({ others: 2 });
    expect(await (await putJson(laptop, "/api/account/sessions", {}, "DELETE")).json()).toEqual({ ended: 2 });
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(tablet)).toBeNull();
    expect(await whoIs(laptop)).toBe("everywhere@example.com");
    expect(await (await laptop.fetch("/api/account/sessions")).json()).toEqual({ others: 0 });
  });

  it("the auth client's session update (POST { csrfToken, data }) renews the session; data changes nothing; a wrong token is refused", async () => {
    const client = await signedIn("renew@example.com");
    const before = (await (await client.fetch("/api/auth/session")).json()) as { user: { name: string }; expires: string };
    const { csrfToken } = (await (await client.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    await new Promise((r) => setTimeout(r, 5));
    const renewed = await client.postJson("/api/auth/session", { csrfToken, data: { name: "Somebody Else", isModerator: true } });
    expect(renewed.status).toBe(200);
    const body = (await renewed.json()) as { user: { name: string; isModerator: boolean }; expires: string };
    expect(body.user).toMatchObject({ name: before.user.name, isModerator: false });
    expect(Date.parse(body.expires)).toBeGreaterThan(Date.parse(before.expires));
    expect(renewed.headers.get("set-cookie")).toContain("__session=");
    expect(await whoIs(client)).toBe("renew@example.com");
    expect((await client.postJson("/api/auth/session", { csrfToken: "0".repeat(48) })).status).toBe(403);
    expect((await client.postJson("/api/auth/session", {})).status).toBe(400);
    expect((await new Client().postJson("/api/auth/session", { csrfToken })).status).toBe(401);
  });

  it("over https the session cookie is __Host-session: Secure, Path=/, no Domain", async () => {
    const client = new Client();
    const origin = "https://reverie.example";
    const csrf = await client.fetch(`${origin}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    await client.postForm(`${origin}/api/auth/signin/email`, { csrfToken, callbackUrl: "/", email: "host-prefix@example.com" });
    const { code } = await lastMail("host-prefix@example.com");
    const done = await client.postForm(`${origin}/api/auth/callback/email`, { csrfToken, code });
    const cookie = done.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))!;
    expect(cookie).toBeTruthy();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Domain=/i);
    expect(done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    const session = (await (await client.fetch(`${origin}/api/auth/session`)).json()) as any;
    expect(session.user.email).toBe("host-prefix@example.com");
  });
});

describe("headers", () => {
  it("production answers over https with Strict-Transport-Security; development does not", async () => {
    const production = {
      ...env,
      APP_ENV: "production",
      SESSION_SECRET: "a-production-secret-of-more-than-32-characters",
      MAIL_API_URL: "https://mail.example/send",
      MAIL_API_KEY: "key",
      PATREON_WEBHOOK_SECRET: "secret",
    } as unknown as Env;
    const answer = await worker.fetch(new Request("https://reverie.example/faq") as never, production, createExecutionContext());
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    const local = await new Client().fetch("/faq");
    expect(local.headers.get("strict-transport-security")).toBeNull();
  });
});
