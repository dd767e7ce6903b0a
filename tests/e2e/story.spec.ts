import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, fresh, login, test } from "./fixtures";

// Stories come from the offline writer (the default TEXT_PROVIDER), streamed like chat replies.
const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

const passages = (page: Page) => page.getByTestId("story-passage");
const choices = (page: Page) => passages(page).last().getByRole("group", { name: "Choices" }).getByRole("button");

// Subscribers, so the five turns are not cut short by the browser tests' 3-message allowance.
for (const [width, email] of [
  [390, "silver@example.com"],
  [1280, "gold@example.com"],
] as const) {
  test(`a story: start, choose, act, reload, branch from an earlier choice, undo and delete (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, email);
    await page.goto("/story");
    await expect(page.getByRole("heading", { name: "Story Mode" })).toBeVisible();
    expect(await serious(page)).toEqual([]);

    // Two characters, a premise, a genre.
    const picker = page.getByRole("group", { name: "Characters (up to 3)" });
    await picker.getByRole("button").nth(0).click();
    await picker.getByRole("button").nth(1).click();
    await expect(picker.getByRole("button", { pressed: true })).toHaveCount(2);
    await page.getByLabel("Premise").fill("A storm strands everyone at an inn on the mountain pass.");
    await page.getByLabel("Genre or tone").selectOption("Mystery");
    await page.getByRole("button", { name: "Start the story" }).click();

    await page.waitForURL(/\/story\/[0-9a-z]+$/, { timeout: 30_000 });
    await expect(passages(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("A storm strands everyone");
    const count = await choices(page).count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(4);
    expect(await serious(page)).toEqual([]);

    // A choice, then a typed action.
    const firstChoice = (await choices(page).first().textContent())!;
    await choices(page).first().click();
    await expect(passages(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByText(`→ ${firstChoice}`)).toBeVisible();
    await page.getByLabel("Or write what you do").fill("I ask the innkeeper who arrived last.");
    await page.getByRole("button", { name: "Do it" }).click();
    await expect(passages(page)).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByText("→ I ask the innkeeper who arrived last.")).toBeVisible();
    await expect(page.getByLabel("Or write what you do")).toHaveValue("");

    // Reload and resume: the same story, from the list too.
    const url = page.url();
    const third = await passages(page).nth(2).textContent();
    await page.reload();
    await expect(passages(page)).toHaveCount(3);
    await expect(passages(page).nth(2)).toHaveText(third!);
    await page.goto("/story");
    await page.locator(`a[href="${new URL(url).pathname}"]`).click();
    await page.waitForURL(url);
    await expect(passages(page)).toHaveCount(3);

    // Back to the opening: another choice starts a branch; the first one stays reachable.
    await passages(page).first().getByRole("button", { name: "Choose differently here" }).click();
    await passages(page).first().getByRole("group", { name: "Choices" }).getByRole("button").nth(1).click();
    await expect(passages(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByLabel("Branch 2 of 2")).toBeVisible();
    await page.getByRole("button", { name: "Previous branch" }).click();
    await expect(passages(page)).toHaveCount(3);
    await expect(page.getByText(`→ ${firstChoice}`)).toBeVisible();
    expect(await serious(page)).toEqual([]);

    // Undo the last turn: it asks first (issue 61); Cancel keeps the turn.
    await page.getByRole("button", { name: "Undo last turn" }).click();
    const undo = page.getByRole("dialog", { name: "Undo the last turn?" });
    await undo.getByRole("button", { name: "Cancel" }).click();
    await expect(passages(page)).toHaveCount(3);
    await page.getByRole("button", { name: "Undo last turn" }).click();
    await undo.getByRole("button", { name: "Undo last turn" }).click();
    await expect(passages(page)).toHaveCount(2);
    await expect(page.getByText("→ I ask the innkeeper who arrived last.")).toHaveCount(0);

    // Delete.
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/story$/);
    await expect(page.locator(`a[href="${new URL(url).pathname}"]`)).toHaveCount(0);
  });
}

test("a refused action keeps what was typed and says why; a new account starts with no stories", async ({ page }) => {
  await login(page, fresh("storyrefused"));
  await page.goto("/story");
  await expect(page.getByText("No stories yet")).toBeVisible();
  await page.getByRole("group", { name: "Characters (up to 3)" }).getByRole("button").first().click();
  await page.getByRole("button", { name: "Start the story" }).click();
  await page.waitForURL(/\/story\/[0-9a-z]+$/, { timeout: 30_000 });
  // A minor in a sexual context is refused (issue 59); a child in an innocent scene is not.
  const action = "I kiss the twelve year old girl and undress her.";
  await page.getByLabel("Or write what you do").fill(action);
  await page.getByRole("button", { name: "Do it" }).click();
  await expect(page.getByRole("alert")).toContainText("twelve year old");
  await expect(page.getByLabel("Or write what you do")).toHaveValue(action);
  await expect(passages(page)).toHaveCount(1);
});
