import { expect, fresh, login, messages, send, test } from "./fixtures";

// Every tab in sync (issue 23, decision 039): a page open on a chat hears what another page or
// device does to it, over a WebSocket from the person's own object, without a reload.
for (const width of [390, 1280]) {
  test(`a second page on the same chat sees a message sent from the first, then its reply as it is written (${width} px)`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, fresh("chat-live"));
    await page.goto("/characters");
    await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
    const other = await context.newPage();
    await other.setViewportSize({ width, height: 900 });
    await other.goto(page.url());
    await expect(messages(other)).toHaveCount(1);
    await expect(other.getByTestId("chat-view")).toHaveAttribute("data-live", "connected");

    await send(page, "Can the other tab see this?");
    await expect(messages(other).nth(1)).toContainText("Can the other tab see this?", { timeout: 5_000 });
    // The reply's words show there while they are written, and it ends as the first page has it.
    await expect(messages(other).nth(2).locator(".chat-text")).not.toBeEmpty({ timeout: 10_000 });
    await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(messages(other).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(messages(other).nth(2).locator(".chat-text")).toHaveText(await messages(page).nth(2).locator(".chat-text").innerText());
    await other.screenshot({ path: `test-results/screens/chat-live-${width}.png` });
    // The message it took from the allowance shows there too: both pages count the same.
    await expect(page.getByTestId("allowance-left")).toHaveText("2 messages left");
    await expect(other.getByTestId("allowance-left")).toHaveText("2 messages left");

    // A delete in the second page takes the message (and the reply under it) off the first page too.
    const sent = messages(other).nth(1);
    if (width < 640) {
      await sent.getByRole("button", { name: "More actions" }).click();
      await other.getByRole("menuitem", { name: "Delete" }).click();
    } else await sent.getByRole("button", { name: "Delete" }).click();
    // The reply under it goes too, so it asks first (issue 61).
    await other.getByRole("dialog", { name: "Delete this message and the one after it?" }).getByRole("button", { name: "Delete" }).click();
    await expect(messages(other)).toHaveCount(1);
    await expect(messages(page)).toHaveCount(1, { timeout: 5_000 });
  });
}

test("a page open on another character's chat counts the message a send took elsewhere", async ({ page, context }) => {
  await login(page, fresh("chat-live-count"));
  await page.goto("/characters");
  const cards = page.getByTestId("character-card");
  const first = (await cards.nth(0).locator("a").first().getAttribute("href"))!;
  const second = (await cards.nth(1).locator("a").first().getAttribute("href"))!;
  await page.goto(first);
  const other = await context.newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto(second);
  await expect(other.getByTestId("chat-view")).toHaveAttribute("data-live", "connected");
  await expect(other.getByTestId("allowance-left")).toHaveText("3 messages left");

  await send(page, "Counted on every page.");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(page.getByTestId("allowance-left")).toHaveText("2 messages left");
  await expect(other.getByTestId("allowance-left")).toHaveText("2 messages left", { timeout: 5_000 });
  await other.screenshot({ path: "test-results/screens/chat-live-count-390.png" });
});
