import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signInByEmail } from "../../support/client";

/**
 * Issue 58: whether a request is signed in is decided once, by the parser that reads the session.
 * Each spelling of the Cookie header below is read the same way by the page, the guest page cache
 * and the ban gate: a page rendered for a person is never stored for guests, and a banned person
 * never gets past the gate, however the header is written.
 */

/** The ways one session cookie can be written that a cookie parser still reads as that cookie. */
const spellings = (token: string) => [
  `__session =${token}`,
  `__session\t=${token}`,
  ` __session=${token}`,
  `__session= ${token}`,
  `__session = ${token} `,
  `reverie_age=adult;__session=${token}`,
  `reverie_age=adult ;  __session  =${token}`,
  `__session=${token}; __session=someone-else`,
  `__session=${token}; reverie_age=adult; __flash`,
];

async function signedIn(email: string) {
  const client = new Client();
  await signInByEmail(client, email);
  const token = client.cookies.get("__session");
  if (!token) throw new Error("no session cookie after sign-in");
  return token;
}

/** A request carrying exactly this Cookie header, from a fresh address. */
const raw = (path: string, cookie: string, accept = "text/html") => new Client().fetch(path, { headers: { cookie, accept } });

let member = "";

beforeAll(async () => {
  member = await signedIn("spelled-member@example.com");
  await env.DB.prepare("UPDATE users SET name = 'Spelled Member' WHERE email = 'spelled-member@example.com'").run();
});

describe("one reading of who is signed in", () => {
  it("a page rendered for a signed-in person, whatever the cookie's spelling, is never stored for guests", async () => {
    for (const [i, cookie] of spellings(member).entries()) {
      const path = `/rules?spelling=${i}`;
      const mine = await raw(path, cookie);
      const page = await mine.text();
      // The page knows who this is (the parser trims blanks)...
      expect(page, cookie).toContain("Spelled Member");
      expect(mine.headers.get("x-guest-cache"), cookie).toBeNull();
      // ...so a guest asking for the same page afterwards gets a guest's page, rendered or cached.
      const guest = await raw(path, "reverie_age=adult");
      const guestPage = await guest.text();
      expect(guestPage, cookie).not.toContain("Spelled Member");
      expect(guestPage, cookie).not.toContain("spelled-member@example.com");
      const again = await raw(path, "reverie_age=adult");
      expect(await again.text(), cookie).not.toContain("Spelled Member");
    }
  });

  it("a guest's cached page is not served to a request that carries a session cookie in any spelling", async () => {
    await raw("/faq?served=1", "reverie_age=adult");
    expect((await raw("/faq?served=1", "reverie_age=adult")).headers.get("x-guest-cache")).toBe("hit");
    for (const cookie of spellings(member)) {
      const mine = await raw("/faq?served=1", cookie);
      expect(mine.headers.get("x-guest-cache"), cookie).toBeNull();
      expect(await mine.text(), cookie).toContain("Spelled Member");
    }
  });

  it("the ban gate reads the session the same way: no spelling gets a banned person past it", async () => {
    const token = await signedIn("spelled-banned@example.com");
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE email = 'spelled-banned@example.com'").run();
    for (const cookie of spellings(token)) {
      const page = await raw("/faq", cookie);
      expect(page.status, cookie).toBe(403);
      expect(await page.text(), cookie).toContain("Your account has been banned");
      const api = await raw("/api/me", cookie, "application/json");
      expect(api.status, cookie).toBe(403);
    }
  });

  it("a name in another case, an empty value first or a cookie without a value is no session for anyone", async () => {
    for (const cookie of [`__SESSION=${member}`, `__session=; __session=${member}`, "__session", "__session=", `x__session=${member}`]) {
      const page = await raw("/rules?nobody=1", cookie);
      const text = await page.text();
      expect(text, cookie).not.toContain("Spelled Member");
      expect(page.status, cookie).toBe(200);
      const me = await raw("/api/me", cookie, "application/json");
      expect(me.status, cookie).toBe(401);
    }
  });

  it("a guest's 18+ answer is read the same way by the page and by the cache's key", async () => {
    // A guest who declined (in any spelling) gets the declined page, never a copy made for an adult.
    await raw("/characters?age=1", "reverie_age=adult");
    for (const cookie of ["reverie_age =declined", "reverie_age\t=\tdeclined", " reverie_age=declined ", "reverie_age=declined; reverie_age=adult"]) {
      const response = await raw("/characters?age=1", cookie);
      const text = await response.text();
      expect(response.headers.get("x-guest-cache"), cookie).not.toBe("hit");
      expect(text, cookie).not.toContain('data-testid="character-card"');
    }
  });

  it("no cacheable page or its data changes in the cache when a signed-in person asks for it in any spelling", async () => {
    const email = "spelled-member@example.com";
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id"))!;
    const cacheable = [
      "/",
      "/characters",
      "/characters/tags/female",
      "/faq",
      "/rules",
      "/tips-tricks",
      "/privacy-policy",
      "/terms-of-use",
      "/news-updates",
      "/pricing",
    ];
    const forms = cacheable.flatMap((path) => [path, path === "/" ? "/_root.data" : `${path}.data`]);
    /** The guests' copy, with the nonce (which every answer changes) set aside. */
    const guestCopy = async (path: string) => {
      const response = await raw(`${path}${path.includes("?") ? "&" : "?"}entry=1`, "reverie_age=adult");
      return { hit: response.headers.get("x-guest-cache"), text: (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""') };
    };
    for (const path of forms) {
      await guestCopy(path);
      const before = await guestCopy(path);
      expect(before.hit, path).toBe("hit");
      for (const cookie of spellings(member)) await raw(`${path}?entry=1`, cookie);
      const after = await guestCopy(path);
      expect(after.hit, path).toBe("hit");
      expect(after.text, path).toBe(before.text);
      for (const secret of ["Spelled Member", email, userId]) expect(after.text, `${path}: ${secret}`).not.toContain(secret);
      expect(after.text, path).not.toMatch(/csrfToken\W+[0-9a-f]{48}/);
      expect(after.text, path).not.toMatch(/__d1|x-d1-bookmark/);
    }
  });
});
