import AxeBuilder from "@axe-core/playwright";
import { expect, fresh, login, messages, send, test } from "./fixtures";

// A home that knows you (issue 61): a signed-in person with chats sees them first on `/`, each with
// its last line and when, one tap from going on. A guest, or a person with no chats, sees today's page.
for (const width of [390, 1280]) {
  test(`the home page leads with the person's latest chats, one tap from going on (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured characters" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Continue where you left off" })).toBeHidden();

    await login(page, fresh("home-row"));
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured characters" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Continue where you left off" })).toBeHidden();

    await page.goto("/characters");
    const href = (await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!;
    await page.goto(href);
    const name = (await page.getByTestId("chat-character-name").getAttribute("aria-label"))!;
    await send(page, "Meet me at the lighthouse at dawn.");
    // The greeting, the message, and the reply, written to its end.
    await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });

    await page.goto("/");
    const row = page.getByTestId("recent-conversations");
    await expect(page.getByRole("heading", { name: "Continue where you left off" })).toBeVisible();
    const card = row.getByRole("link").first();
    await expect(card).toContainText(name);
    // The last line on screen is the character's reply, not the person's message.
    await expect(card.getByTestId("recent-line")).not.toBeEmpty();
    await expect(card.getByTestId("recent-line")).not.toContainText("You: ");
    await expect(card.locator("time")).toBeVisible();
    // It comes before the featured characters.
    const rowTop = (await row.boundingBox())!.y;
    const featuredTop = (await page.getByRole("heading", { name: "Featured characters" }).boundingBox())!.y;
    expect(rowTop).toBeLessThan(featuredTop);
    const results = await new AxeBuilder({ page }).include("[data-testid=recent-conversations]").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await page.screenshot({ path: `test-results/screens/home-row-${width}.png` });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByText("Meet me at the lighthouse at dawn.")).toBeVisible();
  });
}
