import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const serious = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

test.describe("the 18+ question", () => {
  // These browsers arrive without an answer.
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const width of [390, 1280]) {
    test(`a first visit asks before showing anything adult, and remembers the answer (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/characters");
      const gate = page.getByRole("dialog", { name: "Are you 18 or older?" });
      await expect(gate).toBeVisible();
      // The catalogue under the question cannot be reached: not by a click, not by the keyboard.
      await expect(page.getByTestId("character-card").first().locator("xpath=ancestor::*[@inert]")).toHaveCount(1);
      expect(await serious(page)).toEqual([]);
      await gate.getByRole("button", { name: "I'm 18 or older" }).click();
      await expect(gate).toBeHidden();
      await expect(page.getByTestId("character-card").first()).toBeVisible();
      await page.reload();
      await expect(page.getByRole("dialog", { name: "Are you 18 or older?" })).toHaveCount(0);
    });
  }

  test("a guest who declines sees no characters, but can still read the rules and FAQ", async ({ page }) => {
    await page.goto("/characters");
    const name = (await page.getByTestId("character-card").first().locator("h3").textContent())!;
    await page.getByRole("button", { name: "I'm under 18" }).click();
    const notice = page.getByTestId("adults-only");
    await expect(notice).toContainText("Reverie is for adults only");
    await expect(page.getByTestId("character-card")).toHaveCount(0);
    expect(await serious(page)).toEqual([]);
    // The answer holds on the next page, which is not even sent.
    await page.goto("/");
    await expect(page.getByTestId("adults-only")).toBeVisible();
    await expect(page.getByTestId("character-card")).toHaveCount(0);
    // Not hidden but absent: the page's data holds no character either.
    expect(await page.content()).not.toMatch(/data-testid="character-card"/);
    expect(await page.content()).not.toContain(name);
    for (const path of ["/faq/", "/rules"]) {
      await page.goto(path);
      await expect(page.getByTestId("adults-only")).toHaveCount(0);
    }
    await expect(page.locator("article")).toContainText(/minor|under 18/i);
    await page.goto("/characters");
    await page.getByRole("button", { name: "I'm 18 or older after all" }).click();
    await expect(page.getByTestId("character-card").first()).toBeVisible();
  });
});

/** Every visible button, link and form control smaller than 44 px in either direction. */
async function smallTargets(page: Page) {
  return await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, select, input:not([type=hidden]), textarea, [role=button], [role=tab]")) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === "hidden" || el.closest("[inert], [aria-hidden=true], .sr-only")) continue;
      // Visually hidden until focused (the skip link): not a target anyone taps.
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
      if (el.matches("input.sr-only, input[type=file]")) continue;
      if (box.height < 44 || box.width < 44)
        found.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
    }
    return found;
  });
}

test("every button and link on /characters and in a chat is at least 44 px at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, `thumbs-${Date.now()}@example.com`);
  await page.goto("/characters");
  await expect(page.getByTestId("character-card").first()).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await page.getByTestId("character-card").first().locator("a").first().click();
  await expect(page.getByTestId("chat-message").first()).toBeVisible();
  await page.getByLabel(/^Message /).fill("*I wave from the doorway.*");
  await page.getByLabel(/^Message /).press("Enter");
  await expect(page.getByTestId("chat-message").nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  // The header holds the short name on one line.
  const lines = await page.getByTestId("chat-character-name").evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  expect(await smallTargets(page)).toEqual([]);
});

test("pricing shows each tier's monthly price, marks the current tier and offers the next one up", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByTestId("tier-SILVER")).toContainText("$4.99");
  await expect(page.getByTestId("tier-GOLD")).toContainText("$9.99");
  await expect(page.getByText("Your current tier")).toHaveCount(0);
  await login(page, "silver@example.com");
  await page.goto("/pricing");
  await expect(page.getByTestId("tier-SILVER")).toHaveAttribute("data-current", "true");
  await expect(page.getByTestId("tier-SILVER")).toContainText("Your current tier");
  await expect(page.getByTestId("tier-GOLD").getByRole("link", { name: /Upgrade to GOLD/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /SILVER/ })).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
});
