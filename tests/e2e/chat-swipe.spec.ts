import type { Locator, Page } from "@playwright/test";
import { expect, fresh, login, messages, send, test } from "./fixtures";

// Swipes (issue 24): a finger moving across a reply shows its other versions, and past the last
// version of the last reply writes a new one, as in SillyTavern and character.ai. ‹ › are big enough to hit.
/** A finger moving `dx` pixels across the element (negative: to the left), as a touch screen reports it. */
async function swipe(target: Locator, dx: number) {
  await target.evaluate((el, dx) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 20);
    const at = (clientX: number) => new Touch({ identifier: 1, target: el, clientX, clientY: y });
    const fire = (type: string, clientX: number) =>
      el.dispatchEvent(
        new TouchEvent(type, { touches: type === "touchend" ? [] : [at(clientX)], changedTouches: [at(clientX)], bubbles: true, cancelable: true }),
      );
    fire("touchstart", x);
    for (let step = 1; step <= 5; step++) fire("touchmove", x + (dx * step) / 5);
    fire("touchend", x + dx);
  }, dx);
}

/** A new account's first exchange with the first character of the catalog: its reply, finished. */
async function firstReply(page: Page, width: number, who: string) {
  await page.setViewportSize({ width, height: 800 });
  await login(page, fresh(who));
  await page.goto("/characters");
  await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
  await send(page, "Hello there.");
  const reply = messages(page).nth(2);
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  return reply;
}

test.use({ hasTouch: true });

test("on a phone, swiping the last reply writes another version; swiping back and forth shows each (390 px)", async ({ page }) => {
  const reply = await firstReply(page, 390, "chat-swipe");
  const first = await reply.getByTestId("message-bubble").innerText();
  await expect(reply.getByTestId("swipe-position")).toHaveText("1/1");

  // ‹ › are thumb-sized on a phone.
  const arrow = (await reply.getByRole("button", { name: "Write another version" }).boundingBox())!;
  expect(Math.min(arrow.width, arrow.height)).toBeGreaterThanOrEqual(44);

  await swipe(reply.getByTestId("message-bubble"), -150);
  await expect(reply.getByTestId("swipe-position")).toHaveText("2/2");
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await page.screenshot({ path: "test-results/screens/chat-swipe-390.png" });
  await swipe(reply.getByTestId("message-bubble"), 150);
  await expect(reply.getByTestId("swipe-position")).toHaveText("1/2");
  await expect(reply.getByTestId("message-bubble")).toHaveText(first);
  // Forward again shows the second version; it does not write a third.
  await swipe(reply.getByTestId("message-bubble"), -150);
  await expect(reply.getByTestId("swipe-position")).toHaveText("2/2");
  await expect(messages(page)).toHaveCount(3);
  // A short move is not a swipe.
  await swipe(reply.getByTestId("message-bubble"), 20);
  await expect(reply.getByTestId("swipe-position")).toHaveText("2/2");
});

test("on a desktop, › past the last version of the last reply writes another; earlier replies do not (1280 px)", async ({ page }) => {
  const reply = await firstReply(page, 1280, "chat-swipe-desk");
  await reply.getByRole("button", { name: "Write another version" }).click();
  await expect(reply.getByTestId("swipe-position")).toHaveText("2/2");
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(reply.getByRole("button", { name: "Previous version" })).toBeEnabled();
  // The greeting is not the last reply: its › stays a way between versions only.
  await expect(messages(page).first().getByRole("button", { name: "Write another version" })).toHaveCount(0);
});

test("on a keyboard, → past the last version of the last reply writes another and ← goes back; not while typing (1280 px)", async ({ page }) => {
  const reply = await firstReply(page, 1280, "chat-keys");
  const first = await reply.getByTestId("message-bubble").innerText();
  // Typing in the composer: the arrows move the caret, nothing else.
  const box = page.getByPlaceholder("Type a message");
  await box.fill("ab");
  await box.press("ArrowLeft");
  await box.press("ArrowRight");
  await expect(reply.getByTestId("swipe-position")).toHaveText("1/1");
  // Elsewhere on the page, → writes a second version, ← shows the first, → the second again.
  await box.blur();
  await page.keyboard.press("ArrowRight");
  await expect(reply.getByTestId("swipe-position")).toHaveText("2/2", { timeout: 15_000 });
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await page.keyboard.press("ArrowLeft");
  await expect(reply.getByTestId("swipe-position")).toHaveText("1/2");
  await expect(reply.getByTestId("message-bubble")).toHaveText(first);
  await page.keyboard.press("ArrowRight");
  await expect(reply.getByTestId("swipe-position")).toHaveText("2/2");
  await expect(box).toHaveValue("ab");
});
