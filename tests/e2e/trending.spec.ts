import { expect, test } from "./fixtures";

// Trending (issue 64): the home page's Rising row shows what people started chatting with in the last
// 24 hours, and leads to /characters?sort=trending; the catalog's order offers today and this week.
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
  });
}
