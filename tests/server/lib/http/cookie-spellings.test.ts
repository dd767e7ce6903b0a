import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signInByEmail } from "../../support/client";

/**
 * Issue 58: whether a request is signed in is decided once, by the parser that reads the session.
 * Each spelling of the Cookie header below is read the same way by the page, the guest page cache
 * and the ban gate: a page rendered for a person is never stored for guests, and a banned person
 * never gets past the gate, however the header is written.
 */

/**
 * The ways one session cookie can be written that a cookie parser still reads as that cookie. Each
 * carries the person's CSRF cookie as a browser would, so the page sets no cookie of its own (a page
 * that sets one is never stored, which would hide the hole).
 */
const spellings = ({ token, csrf }: Member) =>
  [
    `__session =${token}`,
    `__session\t=${token}`,
    ` __session=${token}`,
    `__session= ${token}`,
    `__session = ${token} `,
    `reverie_age=adult;__session=${token}`,
    `reverie_age=adult ;  __session  =${token}`,
    `__session=${token}; __session=someone-else`,
    `__session=${token}; reverie_age=adult; __flash`,
  ].map((spelled) => `${spelled}; __csrf=${csrf}`);

type Member = { token: string; csrf: string };

async function signedIn(email: string): Promise<Member> {
  const client = new Client();
  await signInByEmail(client, email);
  const token = client.cookies.get("__session");
  const csrf = client.cookies.get("__csrf");
  if (!token || !csrf) throw new Error("no session or CSRF cookie after sign-in");
  return { token, csrf };
}

/** A request carrying exactly this Cookie header, from a fresh address. */
const raw = (path: string, cookie: string, accept = "text/html") => new Client().fetch(path, { headers: { cookie, accept } });

let member: Member;

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
    const banned = await signedIn("spelled-banned@example.com");
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE email = 'spelled-banned@example.com'").run();
    for (const cookie of spellings(banned)) {
      const page = await raw("/faq", cookie);
      expect(page.status, cookie).toBe(403);
      expect(await page.text(), cookie).toContain("Your account has been banned");
      const api = await raw("/api/me", cookie, "application/json");
      expect(api.status, cookie).toBe(403);
    }
  });

  it("a name in another case, an empty value first or a cookie without a value is no session for anyone", async () => {
    const { token } = member;
    for (const cookie of [`__SESSION=${token}`, `__session=; __session=${token}`, "__session", "__session=", `x__session=${token}`]) {
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
    /** The guests' copy of a URL, with the nonce (which every answer changes) set aside. */
    const guestCopy = async (url: string) => {
      const response = await raw(url, "reverie_age=adult");
      return { hit: response.headers.get("x-guest-cache"), text: (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""') };
    };
    const clean = (url: string, text: string) => {
      for (const secret of ["Spelled Member", email, userId, member.csrf]) expect(text, `${url}: ${secret}`).not.toContain(secret);
    };
    const spelled = spellings(member);
    // Every page with the first spelling, and each other spelling on pages in turn (the test pool slows with every request).
    for (const [p, path] of forms.entries()) {
      for (const i of new Set([0, 1 + (p % (spelled.length - 1))])) {
        const cookie = spelled[i];
        const url = `${path}?entry=${i}`;
        // The person asks first, when the cache holds no copy of the URL: nothing of theirs is stored.
        await raw(url, cookie);
        const first = await guestCopy(url);
        clean(url, first.text);
        // A copy a guest's visit stored does not change when the person asks again.
        const stored = await guestCopy(url);
        expect(stored.hit, url).toBe("hit");
        await raw(url, cookie);
        const after = await guestCopy(url);
        expect(after.hit, url).toBe("hit");
        expect(after.text, url).toBe(stored.text);
        clean(url, after.text);
      }
    }
  });
});
