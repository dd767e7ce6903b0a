import { expect, test } from "./fixtures";

// Trending (issue 64): the home page's Rising row shows what people started chatting with in the last
// 24 hours, and leads to /characters?sort=trending; the catalog's order offers today and this week;
// a character's details list similar characters.
for (const width of [390, 1280]) {
  test(`Rising on the home page, and Trending in the catalog (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const rising = page.getByRole("region", { name: "Rising" });
    await expect(rising.getByTestId("character-card").first()).toBeVisible();
    const first = ((await rising.getByTestId("character-card").first().getByRole("heading").textContent()) ?? "").trim();
    await page.getByRole("heading", { name: "Rising" }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `test-results/screens/rising-${width}.png` });

    await rising.getByRole("link", { name: "See all →" }).click();
    await expect(page).toHaveURL(/\/characters\?sort=trending$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("trending");
    // The row's first character leads the full list too.
    await expect(page.getByTestId("character-card").first().getByRole("heading")).toHaveText(first);

    await page.getByLabel("Sort by").selectOption("trending-week");
    await expect(page).toHaveURL(/sort=trending-week/);
    await expect(page.getByTestId("character-card").first()).toBeVisible();

    // A character's details list similar ones (the demo seed ran the daily rollup's statement).
    const name = ((await page.getByTestId("character-card").first().getByRole("heading").textContent()) ?? "").trim();
    await page.getByRole("button", { name: `Details for ${name}` }).click();
    const similar = page.getByTestId("similar-characters");
    await expect(similar.getByRole("link").first()).toBeVisible();
    await similar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/similar-${width}.png` });
    const other = ((await similar.getByRole("link").first().textContent()) ?? "").trim();
    expect(other).not.toBe(name);
  });
}
