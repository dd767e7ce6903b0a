import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clearOfWindowEnd, Client, lastMail } from "../../support/client";
import { insertUser } from "../../support/fixtures";

/** Starts an email sign-in and returns the mail's code and link (the client keeps the challenge cookie). */
async function startSignIn(client: Client, email: string, callbackUrl = "/") {
  const csrfToken = await client.csrf();
  const start = await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl, email });
  expect(start.status).toBe(302);
  return { csrfToken, ...(await lastMail(email)) };
}

const sessionEmail = async (client: Client) => (((await (await client.fetch("/api/auth/session")).json()) as any).user?.email as string | undefined) ?? null;

describe("sign-in cannot be forged", () => {
  it("no cookie value the browser holds picks the email: a rewritten challenge cookie signs no one in", async () => {
    await insertUser({ email: "admin-target@example.com", isModerator: true });
    const victim = new Client();
    await startSignIn(victim, "admin-target@example.com");
    const attacker = new Client();
    const { csrfToken, code } = await startSignIn(attacker, "attacker@example.com");
    // The old attack: write the victim's email (or any other value) into the cookie, then send your own code.
    for (const forged of ["email=admin-target@example.com", victim.cookies.get("__signin")!.replace(/\..*$/, ".forged"), "admin-target@example.com"]) {
      const tampered = new Client(attacker.ip);
      tampered.cookies = new Map(attacker.cookies);
      tampered.cookies.set("__signin", encodeURIComponent(forged));
      const done = await tampered.postForm("/api/auth/callback/email", { csrfToken, code });
      expect(done.headers.get("location")).toBe("/api/auth/verify-request");
      expect(await sessionEmail(tampered)).toBeNull();
    }
    // The attacker's own cookie and code sign in the attacker, never anyone else.
    const done = await attacker.postForm("/api/auth/callback/email", { csrfToken, code });
    expect(done.status).toBe(302);
    expect(await sessionEmail(attacker)).toBe("attacker@example.com");
  });

  it("another browser's challenge cookie with your own code signs in neither", async () => {
    const victim = new Client();
    await startSignIn(victim, "victim-two@example.com");
    const attacker = new Client();
    const { csrfToken, code } = await startSignIn(attacker, "attacker-two@example.com");
    const swapped = new Client(attacker.ip);
    swapped.cookies = new Map(attacker.cookies);
    swapped.cookies.set("__signin", victim.cookies.get("__signin")!);
    await swapped.postForm("/api/auth/callback/email", { csrfToken, code });
    expect(await sessionEmail(swapped)).toBeNull();
  });
});

describe("codes cannot be guessed", () => {
  it("20 parallel wrong codes use up the challenge: exactly 5 attempts count, and then the right code is refused too", async () => {
    const client = new Client();
    const { csrfToken, code } = await startSignIn(client, "guessed@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.postForm("/api/auth/callback/email", { csrfToken, code: wrong })));
    const locations = answers.map((a) => a.headers.get("location"));
    expect(locations.filter((l) => l?.startsWith("/api/auth/verify-request?error=wrong")).length).toBe(4);
    expect(locations.filter((l) => l === "/api/auth/verify-request?error=too-many").length).toBe(16);
    const row = await env.DB.prepare("SELECT attempts, used_at FROM verification_codes WHERE target = 'guessed@example.com'").first<any>();
    expect(row).toEqual({ attempts: 5, used_at: null });

    // From another network (this one has used its minute of code checks): the right code is refused.
    const later = new Client();
    later.cookies = new Map(client.cookies);
    const right = await later.postForm("/api/auth/callback/email", { csrfToken, code });
    expect(right.headers.get("location")).toBe("/api/auth/verify-request?error=too-many");
    expect(await sessionEmail(later)).toBeNull();
    const page = await (await later.fetch("/api/auth/verify-request?error=too-many")).text();
    expect(page).toContain("Too many wrong codes. Ask for a new one.");
  });

  it("the magic link works once", async () => {
    const client = new Client();
    const { link } = await startSignIn(client, "once@example.com", "/rules");
    const path = new URL(link).pathname + new URL(link).search;
    const first = await client.fetch(path);
    expect(first.headers.get("location")).toBe("/rules");
    const again = new Client();
    const second = await again.fetch(path);
    expect(second.headers.get("location")).toBe("/api/auth/error?error=Verification");
    expect(await sessionEmail(again)).toBeNull();
  });

  it("a magic link opened in another browser names the account and signs in only after a POST with the CSRF token (login CSRF)", async () => {
    // The attacker asks for a link to their own account and gets someone to open it.
    const attacker = new Client();
    const { link } = await startSignIn(attacker, "link-sender@example.com", "/account");
    const path = new URL(link).pathname + new URL(link).search;
    const victim = new Client();
    const opened = await victim.fetch(path, { headers: { accept: "text/html" } });
    expect(opened.headers.get("location")).toBe(`/signin/confirm?t=${new URL(link).searchParams.get("t")}`);
    const page = await victim.fetch(opened.headers.get("location")!, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign in as l…@example.com?");
    expect(html).not.toContain("link-sender@example.com");
    expect(await sessionEmail(victim)).toBeNull();
    // Loading the link again (an <img>, a prefetch) changes nothing; a POST without the token is refused.
    await victim.fetch(path);
    const token = new URL(link).searchParams.get("t")!;
    const forged = await victim.postForm("/api/auth/callback/email", { t: token }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await sessionEmail(victim)).toBeNull();
    // Only the person's own confirmation signs in, once.
    const confirmed = await victim.postForm("/api/auth/callback/email", { t: token, csrfToken: await victim.csrf() });
    expect(confirmed.headers.get("location")).toBe("/account");
    expect(await sessionEmail(victim)).toBe("link-sender@example.com");
    const third = new Client();
    const reused = await third.postForm("/api/auth/callback/email", { t: token, csrfToken: await third.csrf() });
    expect(reused.headers.get("location")).toBe("/api/auth/error?error=Verification");
    expect(await sessionEmail(third)).toBeNull();
  });

  it("a used code cannot be replayed", async () => {
    const client = new Client();
    const { csrfToken, code } = await startSignIn(client, "replay@example.com");
    const cookie = client.cookies.get("__signin")!;
    await client.postForm("/api/auth/callback/email", { csrfToken, code });
    const replay = new Client(client.ip);
    replay.cookies.set("__csrf", client.cookies.get("__csrf")!);
    replay.cookies.set("__signin", cookie);
    await replay.postForm("/api/auth/callback/email", { csrfToken, code });
    expect(await sessionEmail(replay)).toBeNull();
  });
});

describe("wrong codes are capped per address per day, across challenges", () => {
  /** The same browser from a new network (each network may check 20 codes a minute). */
  const elsewhere = (client: Client) => Object.assign(new Client(), { cookies: new Map(client.cookies) });
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
  const warnings = () =>
    env.DB.prepare("SELECT count(*) AS n FROM dev_mails WHERE \"to\" = 'capped@example.com' AND subject LIKE 'Someone entered wrong%'").first<number>("n");

  it("after 20 wrong codes in a day (20 parallel guesses included) even the right code is refused, the owner gets one mail, and links still work", async () => {
    // Three challenges used up (15 wrong), and 3 wrong on a fourth: 18.
    for (let i = 0; i < 4; i++) {
      const client = new Client();
      const { csrfToken, code } = await startSignIn(client, "capped@example.com");
      for (let n = 0; n < (i < 3 ? 5 : 3); n++) await elsewhere(client).postForm("/api/auth/callback/email", { csrfToken, code: wrongFor(code) });
    }
    expect(await warnings()).toBe(0);
    // A fifth challenge: 20 guesses at once. Only 2 more count, and the owner is told once.
    const client = new Client();
    const { csrfToken, code, link } = await startSignIn(client, "capped@example.com");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => elsewhere(client).postForm("/api/auth/callback/email", { csrfToken, code: wrongFor(code) })),
    );
    const total = await env.DB.prepare("SELECT sum(attempts) AS n FROM verification_codes WHERE target = 'capped@example.com'").first<number>("n");
    expect(total).toBe(20);
    // The first may still say "wrong" (if it was read before the second counted); every other says the cap is reached.
    const wrong = answers.filter((a) => a.headers.get("location")?.startsWith("/api/auth/verify-request?error=wrong")).length;
    expect(wrong).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.headers.get("location") === "/api/auth/verify-request?error=day-cap").length).toBe(20 - wrong);
    expect(await warnings()).toBe(1);

    const right = elsewhere(client);
    expect((await right.postForm("/api/auth/callback/email", { csrfToken, code })).headers.get("location")).toBe("/api/auth/verify-request?error=day-cap");
    expect(await sessionEmail(right)).toBeNull();
    const page = await (await right.fetch("/api/auth/verify-request?error=day-cap")).text();
    expect(page).toContain("Too many wrong codes were entered for this email today");
    expect(await warnings()).toBe(1);

    // The link in the mail is not a guess: it still signs the owner in.
    const linked = await client.fetch(new URL(link).pathname + new URL(link).search);
    expect(linked.headers.get("location")).toBe("/");
    expect(await sessionEmail(client)).toBe("capped@example.com");
  });
});

describe("sign-in rate limits", () => {
  it("an address gets at most 5 unused sign-in mails an hour; the 6th is a 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = new Client();
      const csrfToken = await client.csrf();
      const response = await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/", email: "flooded@example.com", json: "true" });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(((await response.json()) as any).error.message).toContain("several sign-in emails to this address");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM dev_mails WHERE \"to\" = 'flooded@example.com'").first<{ n: number }>();
    expect(mails!.n).toBe(5);
  });

  it("one network may ask for 10 sign-in mails a minute; a form post past that gets a 429 page", async () => {
    await clearOfWindowEnd();
    const client = new Client();
    const csrfToken = await client.csrf();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/", email: `net${i}@example.com` })).status);
    expect(statuses.every((s) => s === 302)).toBe(true);
    const limited = await client.postForm("/api/auth/signin/email", { csrfToken, callbackUrl: "/", email: "net-last@example.com" }, { accept: "text/html" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    // The wait page is a plain page like the ban page: never cached, with its own script policy and a way back.
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(limited.headers.get("content-security-policy")).toContain("script-src");
    const waitPage = await limited.text();
    expect(waitPage).toContain("Too many sign-in emails were asked for from your network.");
    expect(waitPage).toContain('href="/api/auth/signin"');
    // Another network is not affected.
    const other = new Client();
    expect((await other.postForm("/api/auth/signin/email", { csrfToken: await other.csrf(), callbackUrl: "/", email: "elsewhere@example.com" })).status).toBe(
      302,
    );
  });

  it("one network may check 20 codes a minute", async () => {
    await clearOfWindowEnd();
    const client = new Client();
    const { csrfToken } = await startSignIn(client, "checker@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client.postForm("/api/auth/callback/email", { csrfToken, code: "123456", json: "true" })).status);
    expect(statuses.filter((s) => s === 429).length).toBe(1);
    expect(statuses.at(-1)).toBe(429);
  });
});
