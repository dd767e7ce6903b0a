import { expect, fresh, login, messages, test } from "./fixtures";

// With no speech server (the default), the browser speaks: the Voice list offers this device's own
// voices, and Play uses the one picked for the character (issue 24).
test("the voice list shows the browser's voices when the browser speaks; Play uses the one picked", async ({ page }) => {
  // Headless Chromium has no voices of its own: this device has two, and records what it is asked to say.
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: string[]; SpeechSynthesisUtterance: unknown };
    w.spoken = [];
    w.SpeechSynthesisUtterance = class {
      lang = "";
      voice: { name: string } | null = null;
      constructor(public text: string) {}
    };
    const voices = [
      { name: "Moira", lang: "en-IE", voiceURI: "moira", default: false, localService: true },
      { name: "Daniel", lang: "en-GB", voiceURI: "daniel", default: false, localService: true },
    ];
    window.speechSynthesis.getVoices = () => voices as unknown as SpeechSynthesisVoice[];
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void w.spoken.push(`${u.voice?.name}|${u.lang}|${u.text}`);
  });
  await login(page, fresh("chat-voices"));
  await page.goto("/characters");
  await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
  await page.getByLabel(/^Message /).fill("Say something.");
  await page.getByLabel(/^Message /).press("Enter");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });

  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  const voice = page.getByLabel("Voice", { exact: true });
  await expect(voice.locator("option")).toHaveText([/^Default for this character/, "Daniel", "Moira"]);
  await expect(page.getByText("these are the voices this device has")).toBeVisible();
  await voice.selectOption("Moira");
  await page.keyboard.press("Escape");

  await messages(page).nth(2).getByRole("button", { name: "Play message aloud" }).click();
  const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
  expect(spoken).toHaveLength(1);
  expect(spoken[0]).toMatch(/^Moira\|en-IE\|./);

  // Kept in this browser for this character.
  await page.reload();
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  await expect(page.getByLabel("Voice", { exact: true })).toHaveValue("Moira");
});
