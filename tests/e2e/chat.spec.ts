import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

// The browser tests run the offline demo model (the default), which streams word by word.
// tests/e2e/e2e.env sets a message allowance of 3, so each test signs in a fresh person.
const fresh = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.com`;

async function openChat(page: Page) {
  await page.goto("/characters");
  const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
  await page.goto(href!);
  return page.getByTestId("chat-view");
}

const messages = (page: Page) => page.getByTestId("chat-message");

async function send(page: Page, text: string) {
  await page.getByLabel(/^Message /).fill(text);
  await page.getByLabel(/^Message /).press("Enter");
}

test("a guest reads the greeting, swipes to its alternate and is asked to sign in", async ({ page }) => {
  await page.goto(`/characters?q=${encodeURIComponent("Liesl Penwright")}`);
  await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
  await expect(messages(page)).toHaveCount(1);
  const greeting = messages(page).first();
  const first = await greeting.locator(".chat-text").innerText();
  await expect(greeting.getByTestId("swipe-position")).toHaveText("1/2");
  await greeting.getByRole("button", { name: "Next version" }).click();
  await expect(greeting.getByTestId("swipe-position")).toHaveText("2/2");
  await expect(greeting.locator(".chat-text")).not.toHaveText(first);
  await expect(greeting.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByText(/Sign in to talk with/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`send a message and watch the reply stream in (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, fresh("chat-send"));
    await openChat(page);
    await send(page, "What brings you here tonight?");
    await expect(messages(page).nth(1)).toContainText("What brings you here tonight?");
    const reply = messages(page).nth(2);
    await expect(reply).toHaveAttribute("data-status", "streaming");
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    // The built-in writer answers in character, never with the user's own words, and says once what it is.
    await expect(reply).not.toContainText(/what brings you here tonight/i);
    await expect(reply).toContainText("Offline demo model");
    const notice = page.getByTestId("demo-writer-notice");
    await expect(notice).toHaveCount(1);
    await expect(notice.getByRole("link", { name: "How to connect a model" })).toHaveAttribute("href", "/faq#how-do-i-connect-a-model");
    await expect(page.getByTestId("allowance-left")).toHaveText("2 messages left");
    await page.screenshot({ path: `test-results/screens/chat-${width}.png` });
    const axe = await new AxeBuilder({ page }).include("[data-testid=chat-view]").analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    // The conversation is still there after a reload.
    await page.reload();
    await expect(messages(page)).toHaveCount(3);
  });
}

test("stop keeps what was written; regenerate adds a swipe; swiping goes back", async ({ page }) => {
  await login(page, fresh("chat-swipe"));
  await openChat(page);
  await send(page, "Tell me a long story about the sea.");
  await page.getByRole("button", { name: "Stop" }).click();
  const reply = messages(page).nth(2);
  await expect(reply).toHaveAttribute("data-status", "complete");
  const stoppedText = await reply.locator(".chat-text").innerText();
  await page.reload();
  await expect(messages(page).nth(2).locator(".chat-text")).toHaveText(stoppedText);

  await messages(page).nth(2).getByRole("button", { name: "Regenerate" }).click();
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(messages(page).nth(2).getByTestId("swipe-position")).toHaveText("2/2");
  await messages(page).nth(2).getByRole("button", { name: "Previous version" }).click();
  await expect(messages(page).nth(2).getByTestId("swipe-position")).toHaveText("1/2");
  await expect(messages(page).nth(2).locator(".chat-text")).toHaveText(stoppedText);
});

test("editing an earlier message starts a branch; the old one stays reachable; delete removes a branch", async ({ page }) => {
  await login(page, fresh("chat-branch"));
  await openChat(page);
  await send(page, "First try.");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await messages(page).nth(1).getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Edit message").fill("Second try.");
  await page.getByRole("button", { name: "Save and send" }).click();
  await expect(messages(page).nth(1)).toContainText("Second try.");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(messages(page).nth(1).getByTestId("swipe-position")).toHaveText("2/2");
  await messages(page).nth(1).getByRole("button", { name: "Previous version" }).click();
  await expect(messages(page).nth(1)).toContainText("First try.");
  await messages(page).nth(1).getByRole("button", { name: "Delete" }).click();
  await expect(messages(page).nth(1)).toContainText("Second try.");
  await expect(messages(page).nth(1).getByTestId("swipe-position")).toHaveCount(0);
});

test("the allowance runs out: the composer says when it resets and links to Upgrade", async ({ page }) => {
  await login(page, fresh("chat-allowance"));
  await openChat(page);
  for (let i = 1; i <= 3; i++) {
    await send(page, `Message number ${i}.`);
    await expect(messages(page).nth(i * 2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  }
  const notice = page.getByTestId("allowance-empty");
  await expect(notice).toContainText("You have used all your messages for now.");
  await expect(notice).toContainText("Resets at");
  await expect(notice.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByLabel(/^Message /)).toBeDisabled();
});

test("Play speaks a message with the browser voice (dialogue only by default)", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { spoken: string[] }).spoken = [];
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void (window as unknown as { spoken: string[] }).spoken.push(`${u.lang}|${u.text}`);
  });
  await login(page, fresh("chat-voice"));
  await openChat(page);
  await send(page, "Say something.");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await messages(page).nth(2).getByRole("button", { name: "Play message aloud" }).click();
  const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
  expect(spoken).toHaveLength(1);
  expect(spoken[0]).toMatch(/^en-(US|GB)\|/);
  // Dialogue only: the narration (in italics on screen) is not read out.
  const narration = await messages(page).nth(2).locator(".chat-text em").allInnerTexts();
  expect(narration.length).toBeGreaterThan(0);
  for (const part of narration) expect(spoken[0]).not.toContain(part.trim());
  expect(spoken[0].split("|")[1].length).toBeGreaterThan(10);
  expect(spoken[0]).not.toContain("*");
});

test("FREE sees the paid models disabled, with the way to unlock them", async ({ page }) => {
  await login(page, fresh("chat-models"));
  await openChat(page);
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  await expect(page.getByRole("option", { name: /^Succubus/ })).toBeDisabled();
  await expect(page.getByRole("option", { name: /^Witch/ })).toBeDisabled();
  await expect(page.getByRole("option", { name: /^Mage/ })).toBeEnabled();
  await expect(page.getByText("Your account can use Lightning and Mage.")).toBeVisible();
});

test("settings persist: the model is saved per character and the response length in this browser", async ({ page }) => {
  // SILVER: every model, so the Succubus length cap can be seen.
  await login(page, "silver@example.com");
  await openChat(page);
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  await page.getByLabel("Model").selectOption("Succubus");
  await page.getByLabel(/Response length/).fill("200");
  await expect(page.getByTestId("response-length")).toHaveText("150");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Model and response length updated. Reloading...");
  await page.reload();
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  await expect(page.getByLabel("Model")).toHaveValue("Succubus");
  await expect(page.getByTestId("response-length")).toHaveText("150");
  expect(await page.evaluate(() => localStorage.getItem("samplerSettings"))).toBe('{"responseLength":150}');
  await page.getByLabel("Chat layout").selectOption("Right");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("chat-view")).toHaveAttribute("data-layout", "Right");
});

test("saved chats: GOLD creates, renames and deletes; FREE sees the upgrade message", async ({ page }) => {
  await login(page, "gold@example.com");
  await openChat(page);
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Saved Chats" }).click();
  const tab = page.getByTestId("saved-chats");
  await tab.getByRole("button", { name: "Create" }).click();
  await expect(tab.getByRole("alert")).toHaveText("Please enter a title for the new chat");
  const title = `Harbour night ${Date.now() % 10000}`;
  await tab.getByLabel("New chat").fill(title);
  await expect(tab.getByLabel("Copy current chat")).toBeChecked();
  await tab.getByRole("button", { name: "Create" }).click();
  await expect(tab.getByText(title)).toBeVisible();
  await tab.getByRole("button", { name: "Rename" }).click();
  await expect(tab.getByRole("alert")).toHaveText("Please enter a new title for the chat");
  await tab.getByLabel("Rename the selected chat").fill(`${title} (renamed)`);
  await tab.getByRole("button", { name: "Rename" }).click();
  await expect(tab.getByText(`${title} (renamed)`)).toBeVisible();
  await tab.getByText(`${title} (renamed)`).click();
  await tab.getByRole("button", { name: "Delete the selected chat" }).click();
  // Deleting asks first.
  await page
    .getByRole("dialog", { name: `Delete "${title} (renamed)"?` })
    .getByRole("button", { name: "Delete the selected chat" })
    .click();
  await expect(tab.getByText(`${title} (renamed)`)).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.context().clearCookies();
  await login(page, fresh("chat-free"));
  await openChat(page);
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Saved Chats" }).click();
  await expect(page.getByText("Upgrade to Gold to load multiple chats and more!")).toBeVisible();
  await page.getByRole("button", { name: "Open saved chats" }).click();
  await expect(page.getByTestId("toast")).toContainText("Oops!");
  await expect(page.getByTestId("toast")).toContainText("This feature is only available for GOLD users.");
});

test("the persona editor: premium saves and resets; others see the premium notice", async ({ page }) => {
  await login(page, "premium@example.com");
  await openChat(page);
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  await page.getByRole("button", { name: /^Edit .+'s Persona$/ }).click();
  const editor = page.getByTestId("persona-editor");
  await expect(editor.getByText(/^Customize how .+ behaves and responds to you$/)).toBeVisible();
  await editor.getByRole("textbox").fill("Softer today, and fond of puns.");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Persona updated");
  await page.getByRole("button", { name: /^Edit .+'s Persona$/ }).click();
  await expect(editor.getByRole("textbox")).toHaveValue("Softer today, and fond of puns.");
  await editor.getByRole("textbox").fill("x".repeat(1000));
  await expect(editor.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await editor.getByRole("button", { name: "Reset to default" }).click();
  await page.getByRole("dialog", { name: "Reset to Default Persona?" }).getByRole("button", { name: "Reset" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your persona has been updated.");

  await page.context().clearCookies();
  await login(page, fresh("persona-free"));
  await openChat(page);
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  await page.getByRole("button", { name: /^Edit .+'s Persona$/ }).click();
  await page.getByTestId("persona-editor").getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("premium-notice")).toContainText("Subscribe");
});

for (const width of [390, 1280]) {
  test(`a long chat opens at its end; scrolling up loads the earlier messages and keeps the place (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // The demo data gives premium@example.com a 45-message chat with Liesl Penwright.
    await login(page, "premium@example.com");
    await page.goto(`/characters?q=${encodeURIComponent("Liesl Penwright")}`);
    await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
    await expect(messages(page)).toHaveCount(20);
    await expect(messages(page).last()).toBeInViewport();
    const earlier = page.getByTestId("earlier-messages");
    await expect(earlier).toHaveText("Show 25 earlier messages");
    const reading = messages(page).filter({ hasText: "(25)" });
    await earlier.scrollIntoViewIfNeeded();
    await expect(messages(page)).toHaveCount(45);
    await expect(earlier).toHaveCount(0);
    // The message that was at the top is still where the person was reading, not pushed away.
    await expect(reading).toBeInViewport();
    await expect(messages(page).first()).not.toBeInViewport();
    await page.screenshot({ path: `test-results/screens/chat-long-${width}.png` });
  });
}
