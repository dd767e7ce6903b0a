import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, fresh, login, messages, screensAt, send, test } from "./fixtures";

// The browser tests run the offline demo model (the default), which streams word by word.
// tests/e2e/e2e.env sets a message allowance of 3, so each test signs in a fresh person.
async function openChat(page: Page) {
  await page.goto("/characters");
  const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
  await page.goto(href!);
  return page.getByTestId("chat-view");
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

test("the message box grows with what is written, wrapped lines too, up to six lines", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fresh("chat-grow"));
  await openChat(page);
  const box = page.getByLabel(/^Message /);
  const height = async () => (await box.boundingBox())!.height;
  const oneLine = await height();
  // One long line with no line breaks wraps on a phone; the box shows all of it.
  await box.fill("I walk up to the counter, set down the old map we found in the cellar, and ask whether she has ever seen this coastline before.");
  const wrapped = await height();
  expect(wrapped).toBeGreaterThan(oneLine * 1.8);
  expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  // Past six lines it stops growing and scrolls.
  await box.fill("A line\n".repeat(12));
  const tall = await height();
  await box.fill("A line\n".repeat(20));
  expect(await height()).toBe(tall);
  expect(tall).toBeGreaterThan(wrapped);
  expect(tall).toBeLessThan(oneLine * 6);
});

test("when the page cannot load its stream reader, a send sends nothing and the text stays in the box", async ({ page, consoleErrors }) => {
  // The reader and the events' parsers load after the first paint (decision 074); here they never arrive.
  await page.route("**/assets/event-streams-*.js", (route) => route.abort());
  await login(page, fresh("chat-no-reader"));
  const chat = await openChat(page);
  // The live updates could not start either: the page says so and follows replies by asking again.
  await expect(chat).toHaveAttribute("data-live", "off");
  await send(page, "Are you still there?");
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong." })).toBeVisible();
  await expect(page.getByLabel(/^Message /)).toHaveValue("Are you still there?");
  await expect(messages(page)).toHaveCount(1);
  await expect(page.getByTestId("allowance-left")).toHaveText("3 messages left");
  // Nothing was stored: the chat read again still holds only the greeting.
  await page.unroute("**/assets/event-streams-*.js");
  await page.reload();
  await expect(messages(page)).toHaveCount(1);
  await expect(page.getByTestId("allowance-left")).toHaveText("3 messages left");
  // The blocked file is the only thing the browser complained about.
  expect(consoleErrors.every((e) => /Failed to load resource/.test(e))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length);
});

for (const width of [390, 1280]) {
  test(`a reply keeps coming after a reload mid-stream (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, fresh("chat-reload"));
    await openChat(page);
    await send(page, "Tell me everything about this place.");
    const reply = messages(page).nth(2);
    await expect(reply).toHaveAttribute("data-status", "streaming");
    await expect(reply.locator(".chat-text")).not.toHaveText("");
    // The server saves the text as it grows; the reload does not stop the reply.
    await page.reload();
    const after = messages(page).nth(2);
    await expect(after.locator(".chat-text")).not.toHaveText("");
    // The rest arrives without another reload.
    await expect(after).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(after).toContainText("Offline demo model");
    await expect(messages(page)).toHaveCount(3);
    await page.screenshot({ path: `test-results/screens/chat-after-reload-${width}.png` });
  });
}

for (const width of [390, 1280]) {
  test(`two tabs sending at once both land, one after the other, each with its reply (${width} px)`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh("chat-tabs"));
    await openChat(page);
    const other = await context.newPage();
    await other.setViewportSize({ width, height: 844 });
    await other.goto(page.url());
    await expect(messages(other)).toHaveCount(1);
    await Promise.all([send(page, "From the first tab."), send(other, "From the second tab.")]);
    await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(messages(other).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await page.reload();
    await expect(messages(page)).toHaveCount(5);
    const texts = await messages(page).allInnerTexts();
    expect(texts.filter((t) => t.includes("From the first tab.") || t.includes("From the second tab."))).toHaveLength(2);
    await expect(messages(page).nth(4)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  });
}

test("stop keeps what was written, well formed; continue goes on without repeating it; regenerate adds a swipe; swiping goes back", async ({ page }) => {
  await login(page, fresh("chat-swipe"));
  await openChat(page);
  await send(page, "Tell me a long story about the sea.");
  const reply = messages(page).nth(2);
  // Stop inside the opening action, once its first words are on screen.
  await expect(reply.locator(".chat-text")).not.toBeEmpty();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(reply).toHaveAttribute("data-status", "complete");
  // A stopped reply says so, with Continue beside it (issue 61), and still after a reload.
  await expect(reply.getByTestId("stopped-note")).toContainText("Stopped");
  await page.reload();
  await expect(messages(page).nth(2).getByTestId("stopped-note")).toContainText("Stopped");
  const stoppedText = (await messages(page).nth(2).locator(".chat-text").innerText()).trim();
  // Stored well formed: an open *action* is closed, so no raw asterisk shows.
  expect(stoppedText).not.toContain("*");
  await screensAt(page, "chat-stopped");

  await messages(page).nth(2).getByTestId("stopped-note").getByRole("button", { name: "Continue" }).click();
  // The message is "complete" before the click too: wait for the new words, then for the end.
  await expect
    .poll(async () => (await messages(page).nth(2).locator(".chat-text").innerText()).trim().length, { timeout: 15_000 })
    .toBeGreaterThan(stoppedText.length);
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 15_000 });
  await expect(messages(page).nth(2).getByTestId("stopped-note")).toHaveCount(0);
  await page.reload();
  const continued = (await messages(page).nth(2).locator(".chat-text").innerText()).trim();
  expect(continued).not.toContain("*");
  expect(continued.length).toBeGreaterThan(stoppedText.length);
  // It goes on from the stopped words, which appear once, joined by single spaces.
  const opening = stoppedText.split(/\s+/).slice(0, 3).join(" ");
  expect(continued.startsWith(opening)).toBe(true);
  expect(continued.split(opening)).toHaveLength(2);
  expect(continued).not.toMatch(/ {2}/);
  await screensAt(page, "chat-continued");

  await messages(page).nth(2).getByRole("button", { name: "Regenerate" }).click();
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(messages(page).nth(2).getByTestId("swipe-position")).toHaveText("2/2");
  await messages(page).nth(2).getByRole("button", { name: "Previous version" }).click();
  await expect(messages(page).nth(2).getByTestId("swipe-position")).toHaveText("1/2");
  await expect(messages(page).nth(2).locator(".chat-text")).toHaveText(continued);
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
  await page.getByRole("dialog", { name: "Delete this message and the one after it?" }).getByRole("button", { name: "Delete" }).click();
  await expect(messages(page).nth(1)).toContainText("Second try.");
  await expect(messages(page).nth(1).getByTestId("swipe-position")).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`Delete on a message with later ones asks first and says how many go with it; Cancel keeps them (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh(`chat-delete-${width}`));
    await openChat(page);
    for (const [i, text] of ["First question.", "Second question."].entries()) {
      await send(page, text);
      await expect(messages(page).nth(2 + i * 2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    }
    await expect(messages(page)).toHaveCount(5);
    const third = messages(page).nth(2);
    const openDelete = async () => {
      if (width < 640) {
        await third.getByRole("button", { name: "More actions" }).click();
        await page.getByRole("menuitem", { name: "Delete" }).click();
      } else await third.getByRole("button", { name: "Delete" }).click();
    };
    await openDelete();
    const dialog = page.getByRole("dialog", { name: "Delete this message and the 2 after it?" });
    await expect(dialog).toContainText("cannot be brought back");
    await page.screenshot({ path: `test-results/screens/chat-delete-question-${width}.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(messages(page)).toHaveCount(5);
    await page.reload();
    await expect(messages(page)).toHaveCount(5);
    await openDelete();
    await page.getByRole("dialog", { name: "Delete this message and the 2 after it?" }).getByRole("button", { name: "Delete" }).click();
    await expect(messages(page)).toHaveCount(2);
    // The last message goes at once: nothing comes after it.
    await messages(page)
      .nth(1)
      .getByRole("button", { name: width < 640 ? "More actions" : "Delete" })
      .click();
    if (width < 640) await page.getByRole("menuitem", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(messages(page)).toHaveCount(1);
  });
}

test("an earlier reply offers Branch from here, which says what stays on the other branch; Regenerate is on the last reply", async ({ page }) => {
  await login(page, fresh("chat-branch-here"));
  await openChat(page);
  for (const [i, text] of ["First question.", "Second question."].entries()) {
    await send(page, text);
    await expect(messages(page).nth(2 + i * 2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  }
  const earlier = messages(page).nth(2);
  await expect(earlier.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
  await expect(messages(page).nth(4).getByRole("button", { name: "Regenerate" })).toBeVisible();
  // Editing an earlier message says the same before it acts.
  await messages(page).nth(1).getByRole("button", { name: "Edit" }).click();
  await expect(page.getByTestId("edit-branch-note")).toHaveText("The 3 later messages stay on the other branch (‹ 1/2 ›).");
  await messages(page).nth(1).getByRole("button", { name: "Cancel" }).click();

  await earlier.getByRole("button", { name: "Branch from here" }).click();
  const dialog = page.getByTestId("branch-dialog");
  await expect(dialog).toContainText("The 2 later messages stay on the other branch (‹ 1/2 ›).");
  await page.screenshot({ path: "test-results/screens/chat-branch-dialog-1280.png" });
  await dialog.getByRole("button", { name: "Branch from here" }).click();
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).nth(2).getByTestId("swipe-position")).toHaveText("2/2");
  // The message says it is a branch point, and opens the tree of the chat's branches.
  const marker = messages(page).nth(2).getByTestId("branch-marker");
  await expect(marker).toHaveText("Branch 2 of 2");
  await screensAt(page, "chat-branched", marker);
  await marker.click();
  const tree = page.getByTestId("branch-tree");
  // The greeting and the first question, then the fork: the branch on screen, and the one set aside.
  await expect(tree.locator('[data-testid="branch"][data-on-screen="true"]')).toHaveCount(2);
  const setAside = tree.getByTestId("branch").filter({ hasText: "3 messages, to message 5" }).last();
  await expect(setAside).toHaveAttribute("data-on-screen", "false");
  await page.screenshot({ path: "test-results/screens/chat-branch-tree-1280.png" });
  // The way back: the other branch, with its later messages, is one press in the tree (or one swipe).
  await setAside.getByRole("button", { name: /^Show/ }).click();
  await expect(tree).toHaveCount(0);
  await expect(messages(page)).toHaveCount(5);
  await expect(messages(page).nth(3)).toContainText("Second question.");
  await expect(messages(page).nth(2).getByTestId("branch-marker")).toHaveText("Branch 1 of 2");
  await messages(page).nth(2).getByRole("button", { name: "Next version" }).click();
  await expect(messages(page)).toHaveCount(3);
  await messages(page).nth(2).getByRole("button", { name: "Previous version" }).click();
  await expect(messages(page)).toHaveCount(5);
});

test("the allowance runs out: the composer says when it resets and links to Upgrade; a page left open past the reset lets the person write", async ({
  page,
}) => {
  // The page's own clock, so it can be moved past the reset (the server keeps its real time).
  await page.clock.install();
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

  // A day later in the page, with no reload: the box opens again (no count: for the server the day is not over, so 0 are left).
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/me");
  await page.clock.fastForward("24:00:05");
  // The page reads what is left now (which refills it in the person's object when the day is over there).
  await asked;
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel(/^Message /)).toBeEnabled();
  await expect(page.getByTestId("allowance-left")).toHaveCount(0);
  // The server still decides: for it the day is not over, so the send is refused, says why, and keeps the text.
  await send(page, "Is it tomorrow yet?");
  await expect(page.getByRole("alert")).toContainText("You have used all your messages for now.");
  await expect(page.getByLabel(/^Message /)).toHaveValue("Is it tomorrow yet?");
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
  // The settings' default model carries the spec's label for it.
  await expect(page.getByLabel("Model").locator('option[value="Lightning"]')).toHaveText(/^Smart \(Lightning\): /);
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
  // Each chat is a row with its own buttons; the open one is marked.
  const row = tab.getByTestId("saved-chat").filter({ hasText: title });
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(row).toContainText("Open now");
  await row.getByRole("button", { name: `Rename ${title}` }).click();
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("alert")).toHaveText("Please enter a new title for the chat");
  await row.getByLabel(`New title for ${title}`).fill(`${title} (renamed)`);
  await row.getByRole("button", { name: "Save" }).click();
  const renamed = tab.getByTestId("saved-chat").filter({ hasText: `${title} (renamed)` });
  await expect(renamed).toBeVisible();
  await page.screenshot({ path: "test-results/screens/saved-chats.png" });
  // Opening another chat moves the mark, in place.
  const other = tab.getByTestId("saved-chat").filter({ hasNotText: title }).first();
  await other.getByRole("button", { name: /^Open / }).click();
  await expect(other).toHaveAttribute("aria-current", "true");
  // Rename starts from the title the row shows, an untitled chat's too (issue 61).
  const otherName = await other.locator("span.truncate.font-medium").innerText();
  await other.getByRole("button", { name: `Rename ${otherName}` }).click();
  await expect(other.getByLabel(`New title for ${otherName}`)).toHaveValue(otherName);
  await other.getByRole("button", { name: `Rename ${otherName}` }).click();
  await expect(renamed).not.toHaveAttribute("aria-current", "true");
  await renamed.getByRole("button", { name: `Delete ${title} (renamed)` }).click();
  // Deleting asks first.
  await page
    .getByRole("dialog", { name: `Delete "${title} (renamed)"?` })
    .getByRole("button", { name: "Delete" })
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
  // The Overview shows the version this chat uses, and its Edit opens the same editor (issue 27).
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByText("Your version")).toBeVisible();
  await expect(page.getByTestId("details-panel")).toContainText("Softer today, and fond of puns.");
  await page.getByRole("button", { name: /^Edit .+'s Persona$/ }).click();
  await expect(editor.getByRole("textbox")).toHaveValue("Softer today, and fond of puns.");
  await editor.getByRole("textbox").fill("x".repeat(5000));
  await expect(editor.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await expect(editor.getByTestId("persona-too-long")).toContainText(/^Persona too long Please keep your persona under [\d,]+ characters\.$/);
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
    // Message 25 of the written evening; the demo chat reads as a conversation, with no repeated lines or counters.
    const reading = messages(page).filter({ hasText: "There's a light in the window. Someone lives there?" });
    await earlier.scrollIntoViewIfNeeded();
    await expect(messages(page)).toHaveCount(45);
    await expect(earlier).toHaveCount(0);
    const texts = (await messages(page).locator(".chat-text").allInnerTexts()).map((t) => t.trim());
    expect(new Set(texts).size).toBe(45);
    for (const text of texts) expect(text).not.toMatch(/\(\d+\)$/);
    // The message that was at the top is still where the person was reading, not pushed away.
    await expect(reading).toBeInViewport();
    await expect(messages(page).first()).not.toBeInViewport();
    await page.screenshot({ path: `test-results/screens/chat-long-${width}.png` });
  });
}
