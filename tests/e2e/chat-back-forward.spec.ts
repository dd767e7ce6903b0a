import config from "../../playwright.config";
import { expect, fresh, login, messages, send, test } from "./fixtures";

// Back and Forward to a chat (issue 28): browsers keep no page with an open WebSocket in their
// back/forward cache, so the chat closes its live socket as it is left and opens it again when it comes
// back from that cache, reading what changed meanwhile. Playwright turns that cache off for every page;
// this file turns it back on.
test.use({ launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] } });

test("a chat left for another page comes back at once from the back/forward cache, live, with what was sent meanwhile", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fresh("chat-back"));
  // Every WebSocket the page makes, to count the open ones at the end.
  await page.addInitScript(() => {
    const made: WebSocket[] = [];
    (window as unknown as { madeSockets: WebSocket[] }).madeSockets = made;
    window.WebSocket = class extends window.WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        made.push(this);
      }
    };
  });
  await page.goto("/characters");
  const chat = (await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!;
  await page.goto(chat);
  await expect(page.getByTestId("chat-view")).toHaveAttribute("data-live", "connected");
  await page.evaluate(() => {
    window.addEventListener("pageshow", (event) => document.documentElement.setAttribute("data-restored", String(event.persisted)));
  });

  // A new document, not a move inside the app; meanwhile another page sends in the same chat.
  await page.goto("/faq");
  const other = await context.newPage();
  await other.goto(chat);
  await send(other, "Sent while the first page was away.");
  await expect(messages(other).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });

  // A page brought back from that cache fires no load event, so this waits only for the navigation.
  await page.goBack({ waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-restored", "true");
  await expect(page.getByTestId("chat-view")).toHaveAttribute("data-live", "connected");
  await expect(messages(page).nth(1)).toContainText("Sent while the first page was away.", { timeout: 5_000 });
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete");

  // Live again: what the other page sends now shows without a reload.
  await send(other, "And this one after it came back.");
  await expect(messages(page).nth(3)).toContainText("And this one after it came back.", { timeout: 5_000 });
  // One live socket, the one opened on coming back; the one closed on leaving stays closed.
  const sockets = () =>
    page.evaluate(() => {
      const made = (window as unknown as { madeSockets: WebSocket[] }).madeSockets;
      return { made: made.length, open: made.filter((socket) => socket.readyState !== WebSocket.CLOSED).length };
    });
  await expect.poll(async () => (await sockets()).open).toBe(1);
  expect((await sockets()).made).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: "test-results/screens/chat-back-forward-390.png" });
});

test("a page brought back from the back/forward cache after signing out in another tab shows the person signed out", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, fresh("back-signed-out"));
  await page.goto("/faq");
  await expect(page.getByTestId("header-user")).toBeVisible();
  await page.evaluate(() => {
    window.addEventListener("pageshow", (event) => document.documentElement.setAttribute("data-restored", String(event.persisted)));
  });
  await page.goto("/rules");

  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 800 });
  await other.goto("/faq");
  await other.getByTestId("sidebar").getByRole("button", { name: "Logout" }).click();
  await expect(other.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();

  await page.goBack({ waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-restored", "true");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByTestId("header-user")).toBeHidden();
});
