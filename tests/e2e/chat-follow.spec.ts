import type { Page } from "@playwright/test";
import { expect, fresh, login, messages, send, test } from "./fixtures";

// The view follows the reply (issue 24): at the bottom it stays at the bottom, actions included;
// scrolled up to read, it stays put and offers "New message ↓".
async function openChat(page: Page) {
  await page.goto("/characters");
  const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
  await page.goto(href!);
}

/** How far the bottom of the last message (its actions included) is below the visible part of the chat, above the composer. */
const hiddenBelow = (page: Page) =>
  page.getByTestId("chat-scroller").evaluate((scroller) => {
    const items = scroller.querySelectorAll("[data-testid=chat-message]");
    const last = items[items.length - 1].getBoundingClientRect();
    const footer = scroller.querySelector("[data-testid=chat-footer]")!.getBoundingClientRect();
    return Math.round(last.bottom - Math.min(scroller.getBoundingClientRect().bottom, footer.top));
  });

for (const [width, height] of [
  [390, 700],
  [1280, 800],
]) {
  test(`after a reply, its last line and actions are in view above the composer (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await login(page, fresh("chat-follow"));
    await openChat(page);
    for (const [i, text] of ["Tell me about this place.", "And what do you do here all day?"].entries()) {
      await send(page, text);
      const reply = messages(page).nth(2 + i * 2);
      await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
      await expect(reply.getByRole("button", { name: "Regenerate" })).toBeVisible();
      await expect.poll(() => hiddenBelow(page), { timeout: 5_000 }).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `test-results/screens/chat-follow-${width}.png` });
  });
}

test("scrolled up to read, a reply does not pull the view down; the pill brings it back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await login(page, fresh("chat-pill"));
  await openChat(page);
  await send(page, "Tell me a long story about the sea.");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await send(page, "Tell me another one, longer.");
  const reply = messages(page).nth(4);
  await expect(reply).toHaveAttribute("data-status", "streaming");
  // The person scrolls up to read while the reply is written.
  const scroller = page.getByTestId("chat-scroller");
  await scroller.hover();
  await page.mouse.wheel(0, -5000);
  // Near the top and at rest (a follow animation under way when the wheel turned may end a few pixels lower).
  const scrollTop = () => scroller.evaluate((el) => el.scrollTop);
  let top = -1;
  await expect
    .poll(async () => {
      const before = await scrollTop();
      await page.waitForTimeout(150);
      top = await scrollTop();
      return before === top && top < 60;
    })
    .toBe(true);
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  const pill = page.getByTestId("new-message-pill");
  await expect(pill).toHaveText("New message ↓");
  // The reply arrived without pulling the view down.
  expect(await scrollTop()).toBeLessThanOrEqual(top);
  await page.screenshot({ path: "test-results/screens/chat-new-message-pill-390.png" });
  await pill.click();
  await expect(pill).toHaveCount(0);
  await expect.poll(() => hiddenBelow(page)).toBeLessThanOrEqual(0);
});

test.describe("on a phone with touch, in a fresh session", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  // Issue 61: after some sends the view stayed far above the bottom behind the pill. The composer
  // shrinking back after a send made the browser clamp the scroller's end upwards, which
  // use-stick-to-bottom read as the person scrolling up (ChatFrame).
  test("ten sends in a row: every time the end of the reply is on screen, and no pill", async ({ page }) => {
    test.setTimeout(180_000);
    // A subscriber: ten sends are more than the tests' free allowance.
    await login(page, "gold@example.com");
    await openChat(page);
    await expect(messages(page).first()).toBeVisible();
    for (let i = 0; i < 10; i++) {
      const text = `Message ${i + 1}: tell me more about this place.`;
      // Tapped into, typed, sent with the button, as on a phone.
      await page.getByLabel(/^Message /).tap();
      await page.getByLabel(/^Message /).fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).tap();
      await expect(messages(page).nth(-2)).toContainText(text, { timeout: 20_000 });
      await expect(messages(page).last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
      await expect.poll(() => hiddenBelow(page), { timeout: 5_000, message: `the end of reply ${i + 1} is on screen` }).toBeLessThanOrEqual(0);
      await expect(page.getByTestId("new-message-pill")).toHaveCount(0);
    }
  });
});
