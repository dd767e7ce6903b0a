import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, lastMail, signedIn, signInByEmail } from "../../support/client";

describe("email sign-in", () => {
  it("sends a code and a magic link, and the code opens a session that returns to the callbackUrl", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const start = await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/faq", email: "Reader@Example.com" });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/api/auth/verify-request");

    const mail = await lastMail("reader@example.com");
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toContain("/api/auth/callback/email?t=");

    const done = await client.postForm("/api/auth/callback/email", { csrfToken, code: mail.code });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/faq");
    const cookie = done.headers.getSetCookie().find((c: string) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const session = (await (await client.fetch("/api/auth/session")).json()) as any;
    expect(session.user.email).toBe("reader@example.com");
    expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now());

    const accepted = await env.DB.prepare("SELECT age_confirmed_at, terms_accepted_at FROM users WHERE email = ?").bind("reader@example.com").first<any>();
    expect(accepted.age_confirmed_at).toBeGreaterThan(0);
    expect(accepted.terms_accepted_at).toBeGreaterThan(0);
  });

  it("signs in through the magic link in the same browser", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/rules", email: "link@example.com" });
    const { link } = await lastMail("link@example.com");
    const done = await client.fetch(new URL(link).pathname + new URL(link).search);
    expect(done.headers.get("location")).toBe("/rules");
    expect(((await (await client.fetch("/api/auth/session")).json()) as any).user.email).toBe("link@example.com");
  });

  it("refuses a wrong code and keeps the user signed out", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/", email: "wrong@example.com" });
    const { code } = await lastMail("wrong@example.com");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const done = await client.postForm("/api/auth/callback/email", { csrfToken, code: wrong });
    expect(done.headers.get("location")).toBe("/api/auth/verify-request?error=wrong&left=4");
    expect(await (await client.fetch("/api/auth/session")).json()).toEqual({});
    const page = await (await client.fetch(done.headers.get("location")!)).text();
    expect(page).toContain("That code is not right. 4 tries left.");
  });

  it("signing in again with the same email reuses the account", async () => {
    const a = new Client();
    const b = new Client();
    await signInByEmail(a, "same@example.com");
    await signInByEmail(b, "same@example.com");
    const ida = ((await (await a.fetch("/api/auth/session")).json()) as any).user.id;
    const idb = ((await (await b.fetch("/api/auth/session")).json()) as any).user.id;
    expect(ida).toBe(idb);
  });
});

describe("callbackUrl stays on this site", () => {
  for (const evil of ["https://evil.example/steal", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
    it(`ignores ${evil}`, async () => {
      const client = new Client();
      const csrfToken = await client.csrf();
      await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: evil, email: "cb@example.com" });
      const { code } = await lastMail("cb@example.com");
      const done = await client.postForm("/api/auth/callback/email", { csrfToken, code });
      expect(done.headers.get("location")).toBe("/");
    });
  }

  it("the sign-in page only carries local callbackUrls", async () => {
    const html = await (await new Client().fetch("/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example")).text();
    expect(html).not.toContain("evil.example");
  });
});

describe("CSRF", () => {
  it("refuses a sign-in form without a token or origin", async () => {
    const client = new Client();
    await client.csrf();
    const response = await client.postForm("/api/auth/signin/email", { callbackUrl: "/", email: "x@example.com" });
    expect(response.status).toBe(403);
  });

  it("refuses a wrong token", async () => {
    const client = new Client();
    await client.csrf();
    const response = await client.postForm("/api/auth/signin/email", { csrfToken: "0".repeat(48), callbackUrl: "/", email: "x@example.com" });
    expect(response.status).toBe(403);
  });

  it("refuses a request from another site even with a token", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const response = await client.postForm("/api/auth/signin/email", { csrfToken, email: "x@example.com" }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("refuses sign-out without a token, so another site cannot sign people out", async () => {
    const client = new Client();
    await signInByEmail(client, "stay@example.com");
    expect((await client.postForm("/api/auth/signout", {})).status).toBe(403);
    expect(((await (await client.fetch("/api/auth/session")).json()) as any).user.email).toBe("stay@example.com");
  });
});

describe("sessions", () => {
  it("sign-out deletes the session row, so the old cookie stops working", async () => {
    const client = new Client();
    await signInByEmail(client, "out@example.com");
    const stolen = client.cookies.get("__session")!;
    const csrfToken = await client.csrf();
    const out = await client.postForm("/api/auth/signout", { csrfToken, callbackUrl: "/" });
    expect(out.status).toBe(302);
    const replay = new Client();
    replay.cookies.set("__session", stolen);
    expect(await (await replay.fetch("/api/auth/session")).json()).toEqual({});
  });

  it("a tampered session cookie is ignored", async () => {
    const client = new Client();
    client.cookies.set("__session", "abc.def");
    expect(await (await client.fetch("/api/auth/session")).json()).toEqual({});
  });

  it("a session cookie verified before (the isolate remembers it) does not let the same id pass with another signature", async () => {
    const owner = await signedIn("verified-cookie@example.com");
    const session = owner.cookies.get("__session")!;
    expect(((await (await owner.fetch("/api/auth/session")).json()) as { user?: { email: string } }).user?.email).toBe("verified-cookie@example.com");
    const forger = new Client();
    forger.cookies = new Map(owner.cookies);
    const [value] = decodeURIComponent(session).split(".");
    forger.cookies.set("__session", encodeURIComponent(`${value}.forgedsignature`));
    expect(await (await forger.fetch("/api/auth/session")).json()).toEqual({});
    expect(((await (await owner.fetch("/api/auth/session")).json()) as { user?: { email: string } }).user?.email).toBe("verified-cookie@example.com");
  });
});

describe("providers", () => {
  it("lists email and the configured OAuth providers only", async () => {
    const providers = (await (await new Client().fetch("/api/auth/providers")).json()) as Record<string, unknown>;
    expect(Object.keys(providers).sort()).toEqual(["discord", "email", "patreon"]);
  });

  it("an unconfigured provider goes to a clear error page", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const response = await client.postForm("/api/auth/signin/google", { csrfToken, callbackUrl: "/" });
    expect(response.headers.get("location")).toBe("/api/auth/error?error=ProviderNotConfigured");
    const page = await (await client.fetch("/api/auth/error?error=ProviderNotConfigured")).text();
    expect(page).toContain("This sign-in provider is not configured on this server.");
  });

  it("an unknown provider goes to the sign-in page", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const response = await client.postForm("/api/auth/signin/myspace", { csrfToken, callbackUrl: "/faq" });
    expect(response.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Ffaq");
  });

  it("a configured provider redirects to its authorization endpoint with PKCE and state", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const response = await client.postForm("/api/auth/signin/discord", { csrfToken, callbackUrl: "/faq" });
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("https://discord.com/oauth2/authorize");
    expect(location.searchParams.get("client_id")).toBe("test-discord-client");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("redirect_uri")).toBe("http://127.0.0.1/api/auth/callback/discord");
    expect([...client.cookies.keys()].some((name) => name.startsWith("__oauth_discord:"))).toBe(true);
  });

  it("a callback with a forged state is an OAuth callback error", async () => {
    const client = new Client();
    const response = await client.fetch("/api/auth/callback/discord?code=x&state=forged");
    expect(response.headers.get("location")).toBe("/api/auth/error?error=OAuthCallback");
  });
});

describe("the spec's auth client (json=true)", () => {
  it("gets { url } instead of a redirect from sign-in, the code callback and sign-out", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const start = await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/faq", email: "json@example.com", json: "true" });
    expect(start.status).toBe(200);
    expect(await start.json()).toEqual({ url: "/api/auth/verify-request" });
    const { code } = await lastMail("json@example.com");
    const done = await client.postForm("/api/auth/callback/email", { csrfToken, code, json: "true" });
    expect(await done.json()).toEqual({ url: "/faq" });
    expect(((await (await client.fetch("/api/auth/session")).json()) as any).user.email).toBe("json@example.com");
    const out = await client.postForm("/api/auth/signout", { csrfToken, callbackUrl: "/", json: "true" });
    expect(await out.json()).toEqual({ url: "/" });
    expect(await (await client.fetch("/api/auth/session")).json()).toEqual({});
  });

  it("gets the provider's authorization URL for OAuth", async () => {
    const client = new Client();
    const csrfToken = await client.csrf();
    const response = await client.postForm("/api/auth/signin/discord", { csrfToken, callbackUrl: "/", json: "true" });
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/discord\.com\/oauth2\/authorize\?/);
  });
});
