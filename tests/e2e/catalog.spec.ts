import AxeBuilder from "@axe-core/playwright";
import { expect, fetcherFailure, isApiCall, login, test } from "./fixtures";

test.describe("catalog", () => {
  test("upvote and favourite flip at once, move the count by one and survive a reload", async ({ page }) => {
    await login(page, `voter-${Date.now()}@example.com`);
    await page.goto("/characters?sort=upvotes");
    const card = page.getByTestId("character-card").first();
    const name = (await card.getByRole("heading").textContent())!;
    const upvote = card.getByRole("button", { name: new RegExp(`^Upvote ${name}`) });
    const before = Number(await card.getByTestId("upvote-count").textContent());
    const upvoted = page.waitForResponse((r) => isApiCall(r.url(), "/upvote") && r.status() === 200);
    await upvote.click();
    await expect(upvote).toHaveAttribute("aria-pressed", "true");
    await upvoted;
    await expect(card.getByTestId("upvote-count")).toHaveText(String(before + 1));
    const favorited = page.waitForResponse((r) => isApiCall(r.url(), "/favorite") && r.status() === 200);
    await card.getByRole("button", { name: new RegExp(`^Favorite ${name}`) }).click();
    await favorited;
    await expect(card.getByRole("button", { name: new RegExp(`^Favorite ${name}`) })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    const again = page.getByTestId("character-card").filter({ hasText: name }).first();
    await expect(again.getByTestId("upvote-count")).toHaveText(String(before + 1));
    await page.goto("/characters/favorite");
    await expect(page.getByTestId("character-card").filter({ hasText: name })).toHaveCount(1);
  });

  test("a failed upvote rolls back with the spec's message, and only itself: a favourite made meanwhile stays", async ({ page, consoleErrors }) => {
    await login(page, `rollback-${Date.now()}@example.com`);
    await page.goto("/characters");
    const card = page.getByTestId("character-card").first();
    const before = await card.getByTestId("upvote-count").textContent();
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route("**/api/characters/*/upvote.data", async (route) => {
      await failing;
      await route.fulfill(fetcherFailure(500, "server_error", "Something went wrong."));
    });
    await card.getByRole("button", { name: /^Upvote/ }).click();
    // The favourite's answer arrives while the upvote is still on its way; then the upvote fails.
    const favourited = page.waitForResponse((r) => r.url().includes("/favorite"));
    await card.getByRole("button", { name: /^Favorite/ }).click();
    await favourited;
    await expect(card.getByRole("button", { name: /^Favorite/ })).toHaveAttribute("aria-pressed", "true");
    fail();
    await expect(page.getByTestId("toast")).toContainText("Could not update upvote.");
    await expect(card.getByTestId("upvote-count")).toHaveText(before!);
    await expect(card.getByRole("button", { name: /^Upvote/ })).toHaveAttribute("aria-pressed", "false");
    await expect(card.getByRole("button", { name: /^Favorite/ })).toHaveAttribute("aria-pressed", "true");
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)));
  });

  test("guests are asked to sign in instead", async ({ page }) => {
    await page.goto("/characters");
    await page
      .getByTestId("character-card")
      .first()
      .getByRole("button", { name: /^Favorite/ })
      .click();
    await expect(page.getByTestId("sign-in-dialog")).toBeVisible();
  });

  test("search, sort and a category page", async ({ page }) => {
    await page.goto("/characters");
    await page.getByLabel("Search").fill("selkie");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=selkie/);
    await expect(page.getByTestId("character-card").filter({ hasText: "Nerys the Selkie" })).toHaveCount(1);
    const found = await page.getByTestId("character-card").count();
    await expect(page.getByTestId("result-count")).toHaveText(`${found} character${found === 1 ? "" : "s"}`);
    // A new order applies as soon as it is picked, keeping the search.
    await page.getByLabel("Sort by").selectOption("newest");
    await expect(page).toHaveURL(/sort=newest/);
    await expect(page).toHaveURL(/q=selkie/);
    await page.goto("/characters/tags/wholesome");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesome characters");
    await expect(page.getByTestId("character-card").first()).toBeVisible();
    // Random and Recent keep an order of their own: they offer search, not "Sort by" (issue 61).
    for (const path of ["/characters/random", "/characters/recent"]) {
      await page.goto(path);
      await expect(page.getByLabel("Search")).toBeVisible();
      await expect(page.getByLabel("Sort by")).toHaveCount(0);
    }
  });
});

test.describe("tag filter", () => {
  test("search greys out non-matches; Apply Filters sets tag and page=1; the badge counts applied tags", async ({ page }) => {
    await page.goto("/characters?page=2&q=");
    await page.getByRole("button", { name: "Filter by Categories" }).click();
    const filter = page.getByTestId("tag-filter");
    await expect(filter.getByRole("group", { name: "Gender" }).getByRole("button")).toHaveText(["Female", "Male", "Trans"]);
    await filter.getByLabel("Search tags").fill("FEM");
    await expect(filter.getByRole("button", { name: "Male", exact: true })).toBeDisabled();
    await expect(filter.getByRole("button", { name: "Femboy" })).toBeEnabled();
    await filter.getByRole("button", { name: "Female", exact: true }).click();
    await filter.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/\/characters\?(.*&)?tag=Female(&.*)?$/);
    await expect(page).toHaveURL(/page=1/);
    await expect(page.getByTestId("applied-count")).toHaveText("1");
    await expect(page.getByTestId("character-card").first()).toBeVisible();
    // The gender tag is remembered in this browser: the catalog opens with it next time, until it is removed.
    await page.goto("/characters");
    await expect(page).toHaveURL(/tag=Female/);
    await page.getByTestId("tag-chips").getByRole("button", { name: "Remove Female" }).click();
    await expect(page).not.toHaveURL(/tag=/);
    await page.goto("/characters");
    await expect(page.getByTestId("character-card").first()).toBeVisible();
    await expect(page).not.toHaveURL(/tag=/);
  });

  test("chips: applied tags are removable, 'All' clears, 'All Tags' expands, Clear All keeps other parameters", async ({ page }) => {
    await page.goto("/characters?tag=Male&tag=Dark&sort=newest");
    const chips = page.getByTestId("tag-chips");
    await chips.getByRole("button", { name: "Remove Dark" }).click();
    await expect(page).toHaveURL(/tag=Male/);
    await expect(page).not.toHaveURL(/tag=Dark/);
    await expect(page.getByTestId("applied-count")).toHaveText("1");
    // The other tags in alphabetical order, content warnings (Cheating) after them (spec section 2).
    await expect(chips.locator("button:not([aria-label])").filter({ hasNotText: /^All/ }).first()).toHaveText("Book");
    await expect(chips.getByRole("button", { name: "Cheating" })).toHaveCount(0);
    await chips.getByRole("button", { name: "All Tags" }).click();
    await expect(chips.getByRole("button", { name: "Cheating" })).toBeVisible();
    await chips.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Filter by Categories" }).click();
    await page.getByTestId("tag-filter").getByRole("button", { name: "Clear All" }).click();
    await expect(page).toHaveURL(/sort=newest/);
    await expect(page).not.toHaveURL(/tag=/);
    await expect(page.getByTestId("applied-count")).toHaveCount(0);
    await expect(chips.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");
  });
});

for (const width of [390, 1280]) {
  test(`the details panel shows the overview (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/characters/tags/story-teller");
    const card = page.getByTestId("character-card").first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("button", { name: `Details for ${name}` }).click();
    const panel = page.getByTestId("details-panel");
    await expect(panel.getByRole("heading", { name: `${name} details` })).toBeVisible();
    await expect(panel.getByText("Character overview and chat settings")).toBeVisible();
    const overview = panel.getByTestId("details-overview");
    for (const label of ["Points", "Upvotes", "Favorites", "Released"]) await expect(overview.getByText(label, { exact: true })).toBeVisible();
    await expect(overview.getByRole("heading", { name: "Character Persona" })).toBeVisible();
    // The persona is formatted once the Markdown renderer, loaded with the panel (not with the page), arrives.
    await expect(overview.locator(".prose-reverie").first()).toBeVisible();
    await expect(overview.getByText(/^Selected Voice:/)).toBeVisible();
    // Who they are at a glance: the picture, the creator (linked to their profile), the description, the tags and the counts.
    await expect(overview.locator("img").first()).toHaveAttribute("src", /\/media\//);
    // The creator's link comes first (reviewers' names, once the reviews load, link to their profiles too).
    await expect(overview.locator("a[href^='/profile/']").first()).toBeVisible();
    await expect(overview.getByText("Story Teller", { exact: true }).first()).toBeVisible();
    await expect(overview.getByText("Chats", { exact: true })).toBeVisible();
    await expect(overview).not.toContainText("{{");
    // A guest's panel leads to the chat (issue 61).
    await expect(overview.getByRole("link", { name: `Chat with ${name}` })).toHaveAttribute("href", /^\/characters\/chat\/[0-9a-z]{16}$/);
    expect(
      await new AxeBuilder({ page })
        .include("[data-testid=details-panel]")
        .analyze()
        .then((r) => r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)),
    ).toEqual([]);
    // The panel keeps its height from tab to tab.
    const height = (await panel.boundingBox())!.height;
    await panel.getByRole("tab", { name: "Chat Settings" }).click();
    await expect(panel.getByText("Make it yours")).toBeVisible();
    expect(Math.abs((await panel.boundingBox())!.height - height)).toBeLessThan(2);
    await panel.getByRole("tab", { name: "Saved Chats" }).click();
    expect(Math.abs((await panel.boundingBox())!.height - height)).toBeLessThan(2);
  });
}

for (const width of [390, 1280]) {
  test(`a card's tag opens its tag page, which leads to All Tags, which lists every tag page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/characters");
    const card = page.getByTestId("character-card").first();
    const tag = card.locator(".card-tags").getByRole("link").first();
    const name = (await tag.textContent())!;
    await tag.click();
    await expect(page).toHaveURL(/\/characters\/tags\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: `${name} characters` })).toBeVisible();
    await page.getByRole("link", { name: "All Tags", exact: true }).click();
    await expect(page).toHaveURL(/\/characters\/tags$/);
    const all = page.getByTestId("all-tags");
    await expect(all.getByRole("link")).toHaveCount(34);
    await all.getByRole("link", { name: "Wholesome", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wholesome characters" })).toBeVisible();
  });
}

test("sharing a character copies a short link to this site", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/characters");
  await page
    .getByRole("button", { name: /^Details for/ })
    .first()
    .click();
  await page.getByTestId("details-panel").getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("toast")).toContainText("URL copied to clipboard");
  await expect(page.getByTestId("toast")).toContainText("Share this link with others");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:8788\/link\/[A-Za-z0-9]{7}$/);
  await page.goto(copied);
  await expect(page).toHaveURL(/\/characters\/chat\/[0-9a-z]{16}$/);
});
