import type { Page } from "@playwright/test";
import { expect, fresh, login, test } from "./fixtures";

// Issue 24: "You're chatting as" in one character's panel applies to that chat; the default is set apart.
const ORIGIN = { origin: "http://127.0.0.1:8788" };

async function newPersona(page: Page, name: string, isDefault: boolean) {
  const created = await page.request.post("/api/personas", { data: { name, persona: `${name} travels light.`, isDefault }, headers: ORIGIN });
  expect(created.status()).toBe(200);
}

/** Opens the chat with a demo character whose greeting names {{user}}. */
async function openChatWith(page: Page, name: string) {
  await page.goto(`/characters?q=${encodeURIComponent(name)}`);
  await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
  return page.getByTestId("chat-message").first();
}

for (const width of [390, 1280]) {
  test(`the persona picked in one character's panel applies to that chat only, and can be made the default (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page, fresh("chat-as"));
    await newPersona(page, "Wren", true);
    await newPersona(page, "Sable", false);

    const greeting = await openChatWith(page, "Liesl Penwright");
    await expect(greeting).toContainText("Wren");
    await page.getByTestId("chat-character-name").click();
    const picker = page.getByLabel("You're chatting as");
    await expect(picker.locator("option:checked")).toHaveText("Wren");
    await expect(page.getByTestId("persona-picker")).toContainText("Your default persona");
    await picker.selectOption({ label: "Sable" });
    await expect(page.getByTestId("persona-picker")).toContainText("For this chat only. Your default is Wren.");
    await page.getByTestId("persona-picker").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/chat-persona-${width}.png` });
    await page.keyboard.press("Escape");
    // The chat now greets Sable; the page was not reloaded by hand.
    await expect(greeting).toContainText("Sable");
    await page.reload();
    await expect(page.getByTestId("chat-message").first()).toContainText("Sable");

    // Another character's chat still uses the default.
    await expect(await openChatWith(page, "Kestrel")).toContainText("Wren");

    // Back with Liesl, Sable becomes the default: every chat without a pick uses it.
    await openChatWith(page, "Liesl Penwright");
    await page.getByTestId("chat-character-name").click();
    await page.getByRole("button", { name: "Make this my default" }).click();
    await expect(page.getByTestId("persona-picker")).toContainText("Your default persona");
    await expect(page.getByRole("button", { name: "Make this my default" })).toHaveCount(0);
    await expect(await openChatWith(page, "Kestrel")).toContainText("Sable");
  });
}
