import { expect, fresh, login, test } from "./fixtures";

// Following creators (issue 64): from a character's details to its creator's profile, Follow, and the
// creator's characters are in Following; unfollowing empties it again.
for (const width of [390, 1280]) {
  test(`follow a creator from their profile and see their characters in Following (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh(`follow-${width}`));
    await page.goto("/characters/following");
    await expect(page.getByTestId("catalog-empty")).toContainText("You don't follow anyone yet.");

    await page.goto("/characters");
    const card = page.getByTestId("character-card").first();
    const href = await card.locator("a").first().getAttribute("href");
    await page.goto(href!);
    await page.getByTestId("chat-character-name").click();
    const author = page.locator('[role=dialog] a[href^="/profile/"]').first();
    const creatorName = ((await author.textContent()) ?? "").trim();
    // The Overview's author line offers Follow too.
    await expect(page.locator("[role=dialog]").getByRole("button", { name: `Follow ${creatorName}` })).toHaveAttribute("aria-pressed", "false");
    await author.click();
    await expect(page).toHaveURL(/\/profile\/[0-9a-z]{16}$/);

    const followButton = page.getByRole("button", { name: `Follow ${creatorName}` });
    const before = Number(((await page.getByTestId("follower-count").textContent()) ?? "0").replace(/\D/g, ""));
    const answered = page.waitForResponse((r) => r.url().includes("/follow") && r.request().method() === "POST");
    await followButton.click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole("button", { name: `Unfollow ${creatorName}` })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("follower-count")).toHaveText(before + 1 === 1 ? "1 follower" : `${before + 1} followers`);
    // A reload keeps it: the server counted it.
    await page.reload();
    await expect(page.getByRole("button", { name: `Unfollow ${creatorName}` })).toBeVisible();
    const theirs = await page.getByTestId("character-card").count();
    expect(theirs).toBeGreaterThan(0);

    await page.goto("/characters/following");
    await expect(page.getByTestId("character-card")).toHaveCount(Math.min(theirs, 24));
    await expect(page.getByRole("heading", { name: "Following" })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/following-${width}.png` });

    // The character's Overview knows it too.
    await page.goto(href!);
    await page.getByTestId("chat-character-name").click();
    const overviewAuthor = page.locator('[role=dialog] a[href^="/profile/"]').first();
    await expect(page.locator("[role=dialog]").getByRole("button", { name: `Unfollow ${creatorName}` })).toHaveAttribute("aria-pressed", "true");
    await overviewAuthor.click();
    await expect(page).toHaveURL(/\/profile\/[0-9a-z]{16}$/);
    const unfollowed = page.waitForResponse((r) => r.url().includes("/follow") && r.request().method() === "DELETE");
    await page.getByRole("button", { name: `Unfollow ${creatorName}` }).click();
    expect((await unfollowed).status()).toBe(200);
    await expect(page.getByRole("button", { name: `Follow ${creatorName}` })).toHaveAttribute("aria-pressed", "false");
    await page.goto("/characters/following");
    await expect(page.getByTestId("catalog-empty")).toBeVisible();
  });
}
