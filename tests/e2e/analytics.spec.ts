import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

const latest = async (page: Page, label: string) =>
  Number((await page.getByRole("region", { name: label }).getByTestId("figure-latest").textContent())!.replace(/,/g, ""));

for (const width of [390, 1280]) {
  test(`analytics counts what just happened: a story made and a report filed show after Update now (${width} px)`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, "admin@example.com");
    await page.goto("/mods/analytics");
    await page.getByRole("button", { name: "Update now" }).click();
    await expect(page.getByTestId("toast")).toContainText("Figures updated");
    const stories = await latest(page, "Stories made");
    const reports = await latest(page, "Open reports");
    expect(await serious(page)).toEqual([]);

    const origin = { origin: "http://127.0.0.1:8788" };
    // The Lantern Road, a demo character (its id is derived from its name by the seed).
    const made = await page.request.post("/api/story/generate", { data: { characterIds: ["9qa2g514g86ch1p3"], genre: "Adventure" }, headers: origin });
    expect(made.status()).toBe(200);
    const reported = await page.request.post("/api/reports", {
      data: { targetType: "character", targetId: "9qa2g514g86ch1p3", reason: "other", note: `analytics ${width}` },
      headers: origin,
    });
    expect([201, 409]).toContain(reported.status());

    // Daily figures come from batched events (decision 028): the story's event reaches them within
    // the queue's batch time (5 s), so Update now is pressed again until it has.
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Update now" }).click();
          await expect(page.getByRole("button", { name: "Update now" })).toBeEnabled();
          return await latest(page, "Stories made");
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe(stories + 1);
    expect(await latest(page, "Open reports")).toBe(reports + (reported.status() === 201 ? 1 : 0));
  });
}

test("a moderator gets 403 from analytics", async ({ page }) => {
  await login(page, "mod@example.com");
  expect((await page.request.get("/api/admin/analytics")).status()).toBe(403);
  expect((await page.goto("/mods/analytics"))?.status()).toBe(403);
});
