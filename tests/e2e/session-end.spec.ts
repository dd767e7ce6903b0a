import { expect, fresh, login, test } from "./fixtures";

/**
 * Issue 58: a session's end ends everything it opened. A chat page's live socket closes within a
 * second when its session is signed out from another device, the page shows the person signed out,
 * and it does not open the socket again.
 */
test("signing out the other sessions closes a chat page's live socket at once; the page shows Sign In and opens no new socket", async ({ page, browser }) => {
  const email = fresh("session-end");
  await login(page, email);
  await page.goto("/characters");
  const chat = (await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!;
  const sockets: { url: string; closedAt?: number }[] = [];
  page.on("websocket", (socket) => {
    const entry: { url: string; closedAt?: number } = { url: socket.url() };
    sockets.push(entry);
    socket.on("close", () => (entry.closedAt = Date.now()));
  });
  await page.goto(chat);
  await expect(page.getByTestId("chat-view")).toHaveAttribute("data-live", "connected");
  expect(sockets).toHaveLength(1);

  // Another device of the same person signs out everywhere else.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await login(other, email);
  const origin = new URL(page.url()).origin;
  const ended = await other.request.delete("/api/account/sessions", { headers: { origin } });
  expect(ended.status()).toBe(200);
  const endedAt = Date.now();

  // The page stops listening within a second (the object tells it, then closes the socket; the browser
  // reports the close itself once the connection is gone).
  await page.waitForFunction(() => document.querySelector('[data-testid="chat-view"]')?.getAttribute("data-live") !== "connected", null, {
    polling: 20,
    timeout: 5_000,
  });
  expect(Date.now() - endedAt).toBeLessThan(1_000);
  await expect.poll(() => sockets[0].closedAt, { timeout: 5_000 }).toBeTruthy();
  // The page learns it is signed out, and keeps what the person was typing.
  await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(3_000);
  expect(sockets, "no socket opened again without a session").toHaveLength(1);
  await page.screenshot({ path: "test-results/screens/session-end.png" });
  await laptop.close();
});
