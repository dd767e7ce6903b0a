import { expect, login, test, waitForHydration } from "./fixtures";

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe("drawer and sidebar", () => {
  test("mobile (768 px or less) has the drawer, not the sidebar", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/faq");
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByTestId("drawer");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Rules" }).click();
    await expect(page).toHaveURL(/\/rules$/);
    await expect(drawer).toBeHidden();
  });

  test("desktop has the sidebar and no menu button", async ({ page }) => {
    await page.setViewportSize({ width: 769, height: 900 });
    await page.goto("/faq");
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  for (const height of [800, 600]) {
    test(`the desktop sidebar keeps Logout on screen at ${height} px tall, with the most links (an admin)`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height });
      await login(page, "admin@example.com");
      await page.goto("/faq");
      const sidebar = page.getByTestId("sidebar");
      await expect(sidebar.getByRole("button", { name: "Logout" })).toBeInViewport({ ratio: 1 });
      // The links scroll on their own when they do not fit.
      await expect(sidebar.getByRole("navigation").getByRole("link").last()).toBeAttached();
      if (height === 800) await page.screenshot({ path: "test-results/screens/sidebar-admin-1280x800.png" });
    });
  }

  test("the drawer lists exactly the spec's links for a free user, with the name cut after 16 characters", async ({ page }) => {
    await login(page, "free@example.com");
    await page.request.post("/api/preference", { data: { key: "fontSize", value: 16 }, headers: { origin: "http://127.0.0.1:8788" } });
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByTestId("drawer");
    const labels = await drawer.getByRole("navigation").getByRole("link").allTextContents();
    expect(labels.map((l) => l.trim())).toEqual([
      "Account",
      "Personas",
      "Profile",
      "Pricing",
      "Create Character",
      "Characters",
      "Private Characters",
      "Favorite Characters",
      "Following",
      "Random Characters",
      "Recent Characters",
      "Story Mode",
      "Group Chats",
      "Image Playground",
      "Creator Hub",
      "Wiki",
      "News & Updates",
      "Tips & Tricks",
      "Rules",
    ]);
    await expect(drawer.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(drawer.getByTestId("drawer-user-name")).toHaveText("Fern Free");
  });

  test("moderators get Mod Central, the admin also Analytics, and an active GOLD subscriber no Pricing", async ({ page }) => {
    await login(page, "admin@example.com");
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const links = page.getByTestId("drawer").getByRole("navigation");
    await expect(links.getByRole("link", { name: "Mod Central" })).toBeVisible();
    await expect(links.getByRole("link", { name: "Analytics" })).toBeVisible();
    await expect(links.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  });

  test("every shell link resolves for a moderator", async ({ page }) => {
    await login(page, "mod@example.com");
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const hrefs = await page
      .getByTestId("drawer")
      .getByRole("navigation")
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    const footer = ["/terms-of-use", "/privacy-policy", "/faq"];
    for (const href of [...hrefs.filter((h) => h.startsWith("/")), ...footer]) {
      const response = await page.request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
    }
  });
});

test.describe("footer", () => {
  test("is shown on content pages with its links, hidden on /, /characters/chat* and /story*", async ({ page }) => {
    await page.goto("/faq");
    const footer = page.getByTestId("footer");
    for (const name of ["Terms of Use", "Privacy Policy", "FAQ", "Community chat"]) await expect(footer.getByRole("link", { name })).toBeVisible();
    await expect(footer).toContainText("Reverie team");
    await page.goto("/");
    await expect(page.getByTestId("footer")).toHaveCount(0);
    await page.goto("/characters/chat/0000000000000000");
    await expect(page.getByTestId("footer")).toHaveCount(0);
    await login(page, "free@example.com");
    await page.goto("/story");
    await expect(page.getByTestId("footer")).toHaveCount(0);
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ])
    test(`never covers the character grid at rest; hides while scrolling down, comes back scrolling up (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/characters");
      await waitForHydration(page);
      const footer = page.getByTestId("footer");
      // At rest on a long page it is out of sight; scrolling down keeps it so, scrolling up brings it back.
      await expect(footer).toHaveAttribute("data-hidden", "true");
      await expect(footer).not.toBeInViewport();
      await page.mouse.wheel(0, 600);
      await expect(footer).not.toBeInViewport();
      await page.mouse.wheel(0, -200);
      await expect(footer).not.toHaveAttribute("data-hidden", "true");
      await expect(footer).toBeInViewport();
      // At the end of the page it is shown, in its own space.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(footer).toBeInViewport();
      // In the page's flow, the footer sits below the last card.
      const pageTop = (testId: string, last = false) =>
        page.evaluate(
          ([id, pickLast]) => {
            const all = document.querySelectorAll(`[data-testid="${id}"]`);
            const box = all[pickLast ? all.length - 1 : 0].getBoundingClientRect();
            return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
          },
          [testId, last] as const,
        );
      expect((await pageTop("footer")).top).toBeGreaterThanOrEqual((await pageTop("character-card", true)).bottom);
    });
});

test.describe("pages", () => {
  test("home shows what the service is, featured demo characters, and the ways in", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Chat with characters");
    await expect(page.getByTestId("featured").getByTestId("character-card")).toHaveCount(8);
    await expect(page.getByRole("link", { name: "Browse characters" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Sign in free" }).click();
    await expect(page.getByTestId("sign-in-dialog")).toBeVisible();
  });

  for (const [path, heading, text] of [
    ["/faq", "Frequently Asked Questions", "Is Reverie only for adults?"],
    ["/terms-of-use", "Terms of Use", "Last updated"],
    ["/privacy-policy", "Privacy Policy", "Last updated"],
    ["/rules", "Rules", "Use only one of Male or Female."],
    ["/tips-tricks", "Tips & Tricks", "{{user}}"],
    ["/pricing", "Pricing", "GOLD"],
    ["/news-updates", "Announcements", "Discord server"],
  ] as const) {
    test(`${path} has its written content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    });
  }

  test("the written pages are HTML from the build: headings can be linked, and the support address is a mail link", async ({ page }) => {
    await page.goto("/faq");
    const anchored = page.locator(".prose-reverie h2[id], .prose-reverie h3[id]");
    expect(await anchored.count()).toBeGreaterThan(3);
    await expect(page.locator('.prose-reverie a[href="mailto:support@reverie.example"]').first()).toBeVisible();
  });

  test("responses say where their time went (Server-Timing, on in development)", async ({ page }) => {
    const response = await page.goto("/faq");
    // A guest's page may come from the page cache, which says so instead of a render time.
    expect(response?.headers()["server-timing"]).toMatch(
      /^db;dur=[\d.]+;desc="\d+ round trips?, \d+ in sequence", (render;dur=[\d.]+|cache;desc="guest page cache"), total;dur=[\d.]+$/,
    );
    const api = await page.request.get("/api/auth/session");
    expect(api.headers()["server-timing"]).toMatch(/^db;dur=[\d.]+;desc="\d+ round trips?, \d+ in sequence", total;dur=[\d.]+$/);
  });

  test("rules cover celebrities and minors", async ({ page }) => {
    await page.goto("/rules");
    await expect(page.locator("article")).toContainText(/celebrit/i);
    await expect(page.locator("article")).toContainText(/minor|under 18/i);
    await expect(page.getByText("Use Multiple for several key characters.")).toBeVisible();
  });

  test("unknown routes render a 404 page inside the shell", async ({ page }) => {
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
  });
});

test("a banned user sees only the ban message", async ({ page }) => {
  await login(page, "banned@example.com");
  for (const path of ["/", "/faq", "/characters"]) {
    await page.goto(path);
    await expect(page.getByTestId("ban-screen")).toContainText("support@reverie.example");
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
  }
  expect((await page.request.get("/api/me")).status()).toBe(403);
});

test("sign-in confirms with one toast, which goes after 5 seconds or on a swipe", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, "toasty@example.com");
  await page.goto("/faq");
  const toasts = page.getByTestId("toast");
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText("Signed in");
  await expect(toasts).toHaveCount(0, { timeout: 7000 });

  await page.getByTestId("sidebar").getByRole("button", { name: "Logout" }).click();
  const bye = page.getByTestId("toast");
  await expect(bye).toContainText("Signed out");
  const box = (await bye.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(bye).toHaveCount(0, { timeout: 2000 });
});

for (const width of [390, 1280]) {
  test(`a link to a heading of the FAQ shows the heading below the sticky header, not under it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/faq#how-do-i-connect-a-model");
    const heading = page.getByRole("heading", { name: "How do I connect a model?" });
    await expect(heading).toBeInViewport();
    const header = await page.locator("header").first().boundingBox();
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });
}
