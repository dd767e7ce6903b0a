import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

/** Records every Content-Security-Policy violation the page reports, from before its first script runs. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const GUEST_PAGES = ["/", "/characters", "/faq", "/pricing", "/news-updates", "/api/auth/signin", "/not-a-page"];
const SIGNED_IN_PAGES = ["/", "/account", "/personas", "/characters/create", "/characters/creator-hub", "/characters/favorite"];

for (const width of [390, 1280]) {
  test(`no page logs a CSP violation, for guests or people signed in (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const violations = await watchCsp(page);
    for (const path of GUEST_PAGES) {
      await page.goto(path);
      expect(await violations(), path).toEqual([]);
    }
    await login(page, "free@example.com");
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      expect(await violations(), path).toEqual([]);
    }
    await page.goto("/characters");
    await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
    await page.getByLabel(/^Message /).fill("Hello there.");
    await page.getByLabel(/^Message /).press("Enter");
    await expect(page.getByTestId("chat-message").nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    expect(await violations(), "chat").toEqual([]);
  });
}

test("a guest's page from the cache runs every script by its hash, with no nonce a second guest could reuse (issue 58)", async ({ page, browser }) => {
  const violations = await watchCsp(page);
  for (const path of ["/faq", "/rules", "/characters"]) {
    await page.goto(path);
    // The second load is the cache's copy: no nonce in its policy or markup, and it still runs (hydrates).
    const hit = await page.goto(path);
    expect(hit!.headers()["x-guest-cache"], path).toBe("hit");
    const policy = hit!.headers()["content-security-policy"];
    expect(policy, path).not.toContain("'nonce-");
    expect(policy, path).toMatch(/'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(await hit!.text(), path).not.toMatch(/\snonce="/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await violations(), path).toEqual([]);
  }
  // A fresh browser's first page (a miss for nobody) still has its own nonce.
  const other = await (await browser.newContext()).newPage();
  const fresh = await other.goto("/tips-tricks?first=1");
  expect(fresh!.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  await other.context().close();
});

test("an image from another host in a character's persona shows as a link and is never loaded", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("evil.example")) requested.push(r.url());
  });
  const violations = await watchCsp(page);
  await login(page, `planter-${Date.now()}@example.com`);
  const api = page.context().request;
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const created = await api.post("/api/characters", {
    data: { name: "Tracker Bait", greeting: "Hello.", persona: "Look: ![pixel](https://evil.example/track.png?who=you)" },
    headers: { "x-csrf-token": csrfToken },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/characters/chat/${id}`);
  await page.getByTestId("chat-character-name").click();
  const link = page.getByRole("link", { name: "pixel" });
  await expect(link).toHaveAttribute("href", "https://evil.example/track.png?who=you");
  await expect(page.locator('img[src*="evil.example"]')).toHaveCount(0);
  expect(requested).toEqual([]);
  expect(await violations()).toEqual([]);
});

test("a page cannot be framed by another site, and the headers say so", async ({ page }) => {
  const response = await page.goto("/faq");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});
