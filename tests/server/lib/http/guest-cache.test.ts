import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { finishPageResponse, GUEST_CACHE_HEADER, matchGuestCache } from "~/lib/http/guest-cache.server";
import { Client, signInByEmail } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

describe("guest page cache", () => {
  it("serves signed-out visitors one cached copy of a public page, with no cookie and no token in it", async () => {
    const first = await new Client().fetch("/rules");
    expect(first.headers.get("x-guest-cache")).toBe("miss");
    expect(first.headers.getSetCookie()).toEqual([]);
    const html = await first.text();
    expect(html).not.toMatch(/csrfToken":"[0-9a-f]{48}/);
    const second = await new Client().fetch("/rules");
    expect(second.headers.get("x-guest-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("no-cache");
    // The same page, but for its nonce: every answer has its own (issue 58).
    const sameButNonce = (page: string) => page.replace(/\snonce="[^"]*"/g, "");
    expect(sameButNonce(await second.text())).toBe(sameButNonce(html));
  });

  it("never serves or stores a signed-in user's page", async () => {
    await new Client().fetch("/faq");
    const member = new Client();
    await signInByEmail(member, "cache-member@example.com");
    const mine = await member.fetch("/faq");
    expect(mine.headers.get("x-guest-cache")).toBeNull();
    const text = await mine.text();
    expect(text).toContain("cache-member");
    const guest = await (await new Client().fetch("/faq")).text();
    expect(guest).not.toContain("cache-member");
  });

  it("pages that did not opt in are not cached", async () => {
    await new Client().fetch("/api/auth/signin");
    const again = await new Client().fetch("/api/auth/signin");
    expect(again.headers.get("x-guest-cache")).toBeNull();
    expect(again.headers.getSetCookie().some((c) => c.startsWith("__csrf="))).toBe(true);
  });

  it("a cached listing counts its cards for their creators on every hit, and never sends what it keeps to do so (issue 64)", { timeout: 30_000 }, async () => {
    const owner = await insertUser({ email: "impressed-creator@example.com" });
    await insertCharacter({ id: "impressedchar001", userId: owner, name: "Impressionable Ines", greeting: "Hi." });
    const impressions = async () =>
      (await env.DB.prepare("SELECT sum(impressions) AS n FROM character_daily WHERE character_id = 'impressedchar001'").first<number>("n")) ?? 0;
    const served: (string | null)[] = [];
    for (const path of ["/characters?q=Impressionable", "/characters?q=Impressionable", "/characters.data?q=Impressionable", "/characters?q=Impressionable"]) {
      const answer = await new Client().fetch(path, { headers: { cookie: "reverie_age=adult" } });
      served.push(answer.headers.get("x-guest-cache"));
      expect(answer.headers.get("x-guest-cache-replay")).toBeNull();
      expect(await answer.text()).toContain("Impressionable Ines");
    }
    // The page was rendered once and served from the cache twice; its data once more, rendered.
    expect(served).toEqual(["miss", "hit", "miss", "hit"]);
    await vi.waitFor(async () => expect(await impressions()).toBe(4), { timeout: 20_000, interval: 250 });
  });

  it("a new build never serves a copy an older build rendered (its pages name the old build's scripts)", async () => {
    const request = () => new Request("http://127.0.0.1/characters?page=7", { headers: { cookie: "reverie_age=adult" } });
    const stores: Promise<unknown>[] = [];
    const rendered = new Response("<p>rendered by build one</p>", { headers: { [GUEST_CACHE_HEADER]: "60", "Content-Type": "text/html" } });
    const first = finishPageResponse(request(), rendered, (p) => stores.push(p), "build-one", "guest");
    expect(first.headers.get("x-guest-cache")).toBe("miss");
    expect(await first.text()).toBe("<p>rendered by build one</p>");
    await Promise.all(stores);

    const same = await matchGuestCache(request(), "build-one");
    expect(await same?.page.text()).toBe("<p>rendered by build one</p>");
    expect(await matchGuestCache(request(), "build-two")).toBeUndefined();
    // Nor does a guest who has not answered the 18+ question get the copy made for one who has, even by
    // naming the key's own parameters in the query.
    expect(await matchGuestCache(new Request("http://127.0.0.1/characters?page=7"), "build-one")).toBeUndefined();
    expect(await matchGuestCache(new Request("http://127.0.0.1/characters?page=7&__age=adult&__build=build-one"), "build-one")).toBeUndefined();
  });
});

describe("cached pages share nothing (issue 58)", () => {
  const sha256 = async (text: string) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))));

  it("a page rendered for one guest has its own nonce; the copy every guest gets has none, and allows each inline script by its hash", async () => {
    const get = () => new Client().fetch("/tips-tricks", { headers: { accept: "text/html", cookie: "reverie_age=adult" } });
    const first = await get();
    expect(first.headers.get("x-guest-cache")).toBe("miss");
    const nonce = first.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    const rendered = await first.text();
    expect([...rendered.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1])).toContain(nonce);

    for (let i = 0; i < 2; i++) {
      const hit = await get();
      expect(hit.headers.get("x-guest-cache")).toBe("hit");
      const policy = hit.headers.get("content-security-policy")!;
      const html = await hit.text();
      expect(policy).not.toContain("'nonce-");
      expect(html).not.toContain(nonce);
      expect(html).not.toMatch(/\snonce="/);
      const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);
      expect(inline.length).toBeGreaterThan(2);
      for (const script of inline) expect(policy).toContain(`'sha256-${await sha256(script)}'`);
      // Nothing else may run inline: the policy lists these scripts and no more.
      expect(policy.match(/'sha256-/g)!.length).toBe(new Set(await Promise.all(inline.map(sha256))).size);
    }
  });
});
