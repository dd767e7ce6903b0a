import type { Page } from "@playwright/test";
import { expect, fresh, login, messages, test } from "./fixtures";

/** A new account at `width` opens the first character's chat and sends a line; returns the finished reply. */
async function firstReply(page: Page, width: number, account: string, line: string) {
  await page.setViewportSize({ width, height: 800 });
  await login(page, fresh(account));
  await page.goto("/characters");
  const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
  await page.goto(href!);
  await page.getByLabel(/^Message /).fill(line);
  await page.getByLabel(/^Message /).press("Enter");
  const reply = messages(page).nth(2);
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  return reply;
}

// Editing a message opens a box as wide as the bubble's room and as tall as the text (issue 24):
// it used to be three rows and about 256 px, so a reply had to be edited through a slit.
for (const width of [390, 1280]) {
  test(`the edit box is as wide as the bubble's room and shows the whole reply (${width} px)`, async ({ page }) => {
    const reply = await firstReply(page, width, `chat-edit-${width}`, "Tell me about this place.");
    const rowWidth = (await reply.boundingBox())!.width;

    // Phones keep one row of actions: Edit is in the "More actions" menu there.
    if (width < 640) {
      await reply.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
    } else await reply.getByRole("button", { name: "Edit" }).click();
    const box = page.getByTestId("edit-box");
    await expect(box).toBeFocused();
    const size = await box.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight, content: el.scrollHeight }));
    expect(size.width).toBeGreaterThan(rowWidth * 0.65);
    expect(size.content).toBeLessThanOrEqual(size.height + 2);
    await page.screenshot({ path: `test-results/screens/chat-edit-${width}.png` });

    // Escape leaves the reply as it was.
    await box.press("Escape");
    await expect(box).toHaveCount(0);
    await expect(reply.getByTestId("message-actions")).toBeVisible();
  });
}

// A phone's "More actions" menu mounts on the first press (issue 28): by keyboard too, it opens on
// Enter, closes on Escape with the focus back on its button, and opens again.
test("the phone's More actions menu opens from the keyboard, closes, and opens again (390 px)", async ({ page }) => {
  const reply = await firstReply(page, 390, "chat-more-keys", "Hello there.");
  const more = reply.getByRole("button", { name: "More actions" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  // It starts on its first item, as a menu opened from the keyboard does.
  await expect(page.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem").nth(1)).toBeFocused();
  await page.screenshot({ path: "test-results/screens/chat-more-menu-390.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(more).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(page.getByTestId("edit-box")).toBeFocused();
});
