import type { Page } from "@playwright/test";
import { expect, lastMailTo, test } from "./fixtures";

// A first sign-in has a welcome (issue 24): the name characters call you, prefilled with the first
// word of the address (never the whole local part), and an optional short persona; one step, skippable.
async function signInByLink(page: Page, email: string) {
  await page.goto("/faq");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await page.getByTestId("sign-in-dialog").getByLabel("Email").fill(email);
  await page.getByTestId("sign-in-dialog").getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const { link } = await lastMailTo(page.request, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/faq$/);
}

for (const width of [390, 1280]) {
  test(`a new account is welcomed: its name and a short persona, saved as the default (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signInByLink(page, `throwaway.newcomer-${width}-${Date.now()}@example.com`);
    const welcome = page.getByTestId("welcome-dialog");
    await expect(welcome).toBeVisible();
    await expect(welcome.getByLabel("What should characters call you?")).toHaveValue("Throwaway");
    await page.screenshot({ path: `test-results/screens/welcome-${width}.png` });
    await welcome.getByLabel("What should characters call you?").fill("Wren");
    await welcome.getByLabel("A few words about you (optional)").fill("A night-shift nurse who collects old maps.");
    await welcome.getByRole("button", { name: "Save and start" }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByTestId("toast").filter({ hasText: "Nice to meet you, Wren" })).toBeVisible();
    // The avatar beside the name follows it (issue 61): W, not the address's T.
    await expect(page.getByTestId("header-user").getByText("W", { exact: true })).toBeVisible();

    // Once answered it does not come back, and the persona is the default one.
    await page.goto("/personas");
    await expect(page.getByTestId("welcome-dialog")).toHaveCount(0);
    const persona = page.getByTestId("persona-item").filter({ hasText: "A night-shift nurse who collects old maps." });
    await expect(persona).toContainText("Wren");
    await expect(persona.getByText("Default", { exact: true })).toBeVisible();
  });
}

test("the welcome can be skipped, and a returning sign-in is not welcomed again", async ({ page, context }) => {
  const email = `skipper-${Date.now()}@example.com`;
  await signInByLink(page, email);
  const welcome = page.getByTestId("welcome-dialog");
  await expect(welcome.getByLabel("What should characters call you?")).toHaveValue("Skipper");
  await welcome.getByRole("button", { name: "Skip for now" }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("header-user")).toBeVisible();
  await expect(page.getByTestId("welcome-dialog")).toHaveCount(0);

  // Signing in again later (a new browser, whose visitor has answered the 18+ question) is not a first visit.
  await context.clearCookies();
  await context.addCookies([{ name: "reverie_age", value: "adult", domain: "127.0.0.1", path: "/" }]);
  await signInByLink(page, email);
  await expect(page.getByTestId("header-user")).toBeVisible();
  await expect(page.getByTestId("welcome-dialog")).toHaveCount(0);
});
