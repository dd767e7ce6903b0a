import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

const PAGES = [
  "/",
  "/faq",
  "/terms-of-use",
  "/privacy-policy",
  "/rules",
  "/tips-tricks",
  "/pricing",
  "/news-updates",
  "/characters",
  "/api/auth/signin",
  "/api/auth/error?error=OAuthCallback",
  "/not-a-page",
];

for (const width of [390, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  });
}

test("the open sign-in dialog and the drawer have no serious axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/faq");
  await page.getByRole("button", { name: "Open menu" }).click();
  let results = await new AxeBuilder({ page }).include("[data-testid=drawer]").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  results = await new AxeBuilder({ page }).include("[data-testid=sign-in-dialog]").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});
