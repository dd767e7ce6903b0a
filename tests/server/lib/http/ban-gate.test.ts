import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signInByEmail } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

const CHARACTER = "banchar000000001";

beforeAll(async () => {
  const owner = await insertUser({ email: "ban-gate-owner@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Warden", greeting: "Halt." });
});

async function bannedClient(email: string) {
  const client = new Client();
  await signInByEmail(client, email);
  await client.fetch(`/api/chats/${CHARACTER}`);
  await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE email = ?").bind(email).run();
  return client;
}

describe("one gate for bans", () => {
  it("no spelling of a path, no .data request and no page loader gets past it", async () => {
    const client = await bannedClient("gated@example.com");
    const html = { accept: "text/html" };
    const attempts: [string, RequestInit][] = [
      [
        "/api/shorten",
        { method: "POST", body: JSON.stringify({ originalUrl: "/faq" }), headers: { "content-type": "application/json", origin: "http://127.0.0.1" } },
      ],
      [
        "/API/shorten",
        { method: "POST", body: JSON.stringify({ originalUrl: "/faq" }), headers: { "content-type": "application/json", origin: "http://127.0.0.1" } },
      ],
      ["/Api/Me", {}],
      ["/%61pi/me", {}],
      ["/api//me", {}],
      [`/characters/chat/${CHARACTER}.data`, {}],
      [`/CHARACTERS/chat/${CHARACTER}.data`, {}],
      ["/characters.data?tag=Female", {}],
      ["/_root.data", {}],
      ["/media/thumbnails/x.png", {}],
    ];
    for (const [path, init] of attempts) {
      const response = await client.fetch(path, init);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain("Your account has been banned");
    }
    for (const path of ["/faq", `/characters/chat/${CHARACTER}`, "/FAQ", "/account"]) {
      const response = await client.fetch(path, { headers: html });
      expect(response.status, path).toBe(403);
      const page = await response.text();
      expect(page, path).toContain("Your account has been banned");
      expect(page, path).toContain(env.SUPPORT_EMAIL);
      expect(page, path).not.toContain("Warden");
      expect(page, path).not.toContain("Halt.");
    }
    // Nothing was created by the attempts.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM short_links").first("n")).toBe(0);
  });

  it("a banned user can still read the session and sign out; the ban page signs out with its own token", async () => {
    const client = await bannedClient("leaving-banned@example.com");
    const page = await (await client.fetch("/", { headers: { accept: "text/html" } })).text();
    const csrfToken = page.match(/name="csrfToken" value="([^"]+)"/)![1];
    expect((await client.fetch("/api/auth/session")).status).toBe(200);
    const out = await client.postForm("/api/auth/signout", { csrfToken, callbackUrl: "/" });
    expect(out.status).toBe(302);
    expect(await (await client.fetch("/api/auth/session")).json()).toEqual({});
    expect((await client.fetch("/faq", { headers: { accept: "text/html" } })).status).toBe(200);
  });

  it("the ban page shows nothing of the app and runs only its own nonce'd script", async () => {
    const client = await bannedClient("csp-banned@example.com");
    const response = await client.fetch("/characters", { headers: { accept: "text/html" } });
    const csp = response.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const page = await response.text();
    expect([...page.matchAll(/<script([^>]*)>/g)].map((m) => m[1].trim())).toEqual([`nonce="${nonce}"`]);
    expect(page).not.toContain("__reactRouterContext");
  });

  it("when the session cannot be read, no one gets past it: pages and calls answer 503, each in its own shape", async () => {
    const client = new Client();
    await signInByEmail(client, "unread-session@example.com");
    await env.DB.exec("ALTER TABLE sessions RENAME TO sessions_away");
    try {
      const page = await client.fetch("/characters", { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain("Something went wrong.");
      expect(html).not.toContain("Warden");
      for (const [path, init] of [
        ["/api/me", {}],
        ["/characters.data", {}],
        [
          `/api/chats/${CHARACTER}/messages`,
          { method: "POST", body: JSON.stringify({ content: "Hello?" }), headers: { "content-type": "application/json", origin: "http://127.0.0.1" } },
        ],
      ] as [string, RequestInit][]) {
        const answer = await client.fetch(path, init);
        expect(answer.status, path).toBe(503);
        expect(answer.headers.get("retry-after"), path).toBeTruthy();
        expect(await answer.json(), path).toEqual({ error: { code: "unavailable", message: "Something went wrong." } });
      }
    } finally {
      await env.DB.exec("ALTER TABLE sessions_away RENAME TO sessions");
    }
    // Once it can be read again, the same cookie is signed in as before.
    expect((await client.fetch("/api/me")).status).toBe(200);
  });
});
