import { mkdirSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { recordMicrophoneStart, secondTurnAt, withMicrophone } from "./call-microphone";
import { expect, fresh, login, messages, test } from "./fixtures";

// The voices from a speech server (issues 24 and 63): the app on 8794 has one configured (Kokoro's
// protocol; tests/support/fake-stt.mjs speaks it with flite, so what plays is real audio). Play fetches
// a message's voice through the queue and plays the file; in a call each sentence is asked for while
// the one before plays, and speaking over the character stops the audio element.
test.use({ baseURL: "http://127.0.0.1:8794", launchOptions: withMicrophone });

type Played = { src: string; at: number; replyShown: number };
type Heard = { played: Played[]; playing: Played[]; paused: number[]; microphoneAt: number };

/** Records what the page's audio elements play (and when sound starts), when one is stopped mid-way, and when the microphone opened. */
async function recordAudio(page: Page) {
  await recordMicrophoneStart(page);
  await page.addInitScript(() => {
    const w = window as unknown as Heard;
    w.played = [];
    w.playing = [];
    w.paused = [];
    const shown = () => document.querySelector("[data-testid=call-reply]")?.textContent?.length ?? 0;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      w.played.push({ src: this.src, at: performance.now(), replyShown: shown() });
      this.addEventListener("playing", () => w.playing.push({ src: this.src, at: performance.now(), replyShown: shown() }), { once: true });
      return play.call(this);
    };
    const pause = HTMLMediaElement.prototype.pause;
    HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
      if (!this.paused && !this.ended) w.paused.push(performance.now());
      return pause.call(this);
    };
  });
}

const heard = (page: Page) =>
  page.evaluate(() => {
    const { played, playing, paused, microphoneAt } = window as unknown as Heard;
    return { played, playing, paused, microphoneAt };
  });
const speechServer = "http://127.0.0.1:8792/spoken";

test("with a speech server, Play speaks a message in the voice picked, and a call's reply is heard while it is written and stops when spoken over", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 844 });
  await recordAudio(page);
  await login(page, fresh("server-voice"));
  await page.goto("/characters");
  await page.goto((await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!);
  const before = await messages(page).count();

  // The server's voices are offered; the one picked is the one the server is asked for.
  await page.getByTestId("chat-character-name").click();
  await page.getByRole("tab", { name: "Chat Settings" }).click();
  const voice = page.getByLabel("Voice", { exact: true });
  await expect(voice.locator("optgroup")).toHaveCount(4);
  const saved = page.waitForResponse((r) => r.url().includes("/api/chat/update") && r.request().method() === "PUT");
  await voice.selectOption("bm_george");
  expect((await saved).status()).toBe(200);
  await page.keyboard.press("Escape");

  const greeting = messages(page).nth(before - 1);
  const greetingText = ((await greeting.getByTestId("message-bubble").textContent()) ?? "").trim();
  await greeting.getByRole("button", { name: "Play message aloud" }).click();
  await expect.poll(async () => (await heard(page)).playing.length, { timeout: 30_000, message: "the message's audio plays" }).toBe(1);
  const asked = (await (await page.request.get(speechServer)).json()) as { input: string; voice: string }[];
  expect(asked.at(-1)?.voice).toBe("bm_george");
  // Dialogue only (the chat's setting): the quoted words, so the narration before them is not asked for.
  const firstSaid = asked.at(-1)!.input.split(/(?<=[.!?])\s/)[0];
  expect(greetingText).toContain(firstSaid);
  expect(greetingText.startsWith(firstSaid)).toBe(false);

  // A call: the first turn is heard, and the reply's sentences play from the server while it is written.
  await page.getByRole("button", { name: /^Call / }).click();
  const screen = page.getByTestId("call-screen");
  await expect(screen.getByTestId("call-heard")).toHaveText("do you remember my dog", { timeout: 30_000 });
  await expect.poll(async () => (await heard(page)).playing.length, { timeout: 30_000, message: "the reply's first sentence plays" }).toBeGreaterThan(1);
  const reply = messages(page).nth(before + 1);
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  const written = ((await reply.getByTestId("message-bubble").textContent()) ?? "").trim();
  const firstSentence = (await heard(page)).playing[1];
  expect(firstSentence.src).toMatch(/^blob:/);
  expect(firstSentence.replyShown).toBeLessThan(written.length);

  // The second turn comes while the character is speaking: the audio stops, and the turn is the next message.
  await expect
    .poll(async () => (await heard(page)).paused.length, { timeout: 30_000, message: "the character's voice stops when spoken over" })
    .toBeGreaterThan(0);
  await expect(screen.getByTestId("call-heard")).toHaveText("what is your name", { timeout: 30_000 });
  const { microphoneAt, paused } = await heard(page);
  const bargeInMs = paused[0] - microphoneAt - secondTurnAt;
  mkdirSync("test-results/measures", { recursive: true });
  writeFileSync("test-results/measures/call-barge-in-server-voice.json", JSON.stringify({ bargeInMs }));
  console.log(`call barge-in with a speech server: ${bargeInMs.toFixed(0)} ms from the second turn's start to the audio stopped`);
  await expect(messages(page).nth(before + 2)).toContainText("what is your name", { timeout: 30_000 });
  // The sentences were asked for in the voice picked.
  const said = (await (await page.request.get(speechServer)).json()) as { input: string; voice: string }[];
  expect(said.filter((s) => written.includes(s.input.slice(0, 15))).map((s) => s.voice)).toContain("bm_george");

  await screen.getByRole("button", { name: "End call" }).click();
  await expect(screen).toBeHidden();
  await page.reload();
  await expect(
    messages(page)
      .nth(before + 1)
      .getByTestId("stopped-note"),
  ).toContainText("Interrupted");
});
