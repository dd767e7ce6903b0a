import { mkdirSync, writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { recordMicrophoneStart, secondTurnAt, withMicrophone } from "./call-microphone";
import { expect, fresh, login, messages, test } from "./fixtures";

// Voice calls (issue 63), with real speech (call-microphone.ts: flite speaks into Chromium's fake
// microphone, the test server hears it with pocketsphinx). The character's voice is the browser's (no
// speech server here), recorded by a stand-in that takes 4 s a sentence; call-server-voice.spec.ts
// has the speech server's.
test.use({ launchOptions: withMicrophone });

type Spoken = { text: string; at: number; replyShown: number };

/** The browser's voice, recorded: each sentence "plays" for 4 s; cancel() stops it at once. */
async function recordVoice(page: Page) {
  await recordMicrophoneStart(page);
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: Spoken[]; cancelled: number[] };
    w.spoken = [];
    w.cancelled = [];
    let timers: number[] = [];
    const queue: SpeechSynthesisUtterance[] = [];
    const next = () => {
      const u = queue[0];
      if (!u) return;
      u.onstart?.(new Event("start") as SpeechSynthesisEvent);
      timers.push(
        window.setTimeout(() => {
          queue.shift();
          u.onend?.(new Event("end") as SpeechSynthesisEvent);
          next();
        }, 4000),
      );
    };
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
      w.spoken.push({ text: u.text, at: performance.now(), replyShown: document.querySelector("[data-testid=call-reply]")?.textContent?.length ?? 0 });
      queue.push(u);
      if (queue.length === 1) next();
    };
    window.speechSynthesis.cancel = () => {
      w.cancelled.push(performance.now());
      timers.forEach(clearTimeout);
      timers = [];
      queue.length = 0;
    };
  });
}

for (const width of [390, 1280]) {
  test(`a call: the person speaks, the reply is spoken while it is written, speaking over it interrupts it (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    await recordVoice(page);
    await login(page, fresh(`call-${width}`));
    await page.goto("/characters");
    const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
    await page.goto(href!);
    const before = await messages(page).count();

    // On a phone the Call button is in the Chat menu; from 640 px it is in the header.
    if (width < 640) {
      await page.getByTestId("chat-menu").click();
      await page.getByRole("menuitem", { name: /^Call / }).click();
    } else await page.getByRole("button", { name: /^Call / }).click();
    const screen = page.getByTestId("call-screen");
    await expect(screen).toBeVisible();
    await expect(screen.getByRole("button", { name: "End call" })).toBeVisible();
    await expect(screen.getByText(/minutes of calls left/)).toBeVisible();

    // The first turn is heard and becomes the person's message, exactly as if typed.
    await expect(screen.getByTestId("call-heard")).toHaveText("do you remember my dog", { timeout: 30_000 });
    await expect(messages(page).nth(before)).toContainText("do you remember my dog");
    await page.screenshot({ path: `test-results/screens/call-${width}.png` });
    const axe = await new AxeBuilder({ page }).include("[data-testid=call-screen]").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    // The reply is spoken sentence by sentence, the first before the reply was all written.
    await expect.poll(() => page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken.length), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const reply = messages(page).nth(before + 1);
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
    const written = ((await reply.getByTestId("message-bubble").textContent()) ?? "").trim();

    // The second turn comes while the character is still speaking: its voice stops, and the turn is the next message.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { cancelled: number[] }).cancelled.length), {
        timeout: 30_000,
        message: "the character's voice stops when the person speaks over it",
      })
      .toBeGreaterThan(0)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nspoken: ${JSON.stringify(await page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken))}`);
      });
    await expect(screen.getByTestId("call-heard")).toHaveText("what is your name", { timeout: 30_000 });
    // Barge-in, measured (not asserted: timing belongs to measurement): the second turn's voice starting
    // in the microphone's file to the character's voice stopped.
    const { microphoneAt, cancelled } = await page.evaluate(() => {
      const w = window as unknown as { microphoneAt: number; cancelled: number[] };
      return { microphoneAt: w.microphoneAt, cancelled: w.cancelled };
    });
    const bargeInMs = cancelled[0] - microphoneAt - secondTurnAt;
    mkdirSync("test-results/measures", { recursive: true });
    writeFileSync(`test-results/measures/call-barge-in-${width}.json`, JSON.stringify({ bargeInMs }));
    console.log(`call barge-in at ${width} px: ${bargeInMs.toFixed(0)} ms from the second turn's start to the voice stopped`);
    const spoken = await page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken);
    expect(spoken[0].replyShown).toBeLessThan(written.length);
    await expect(messages(page).nth(before + 2)).toContainText("what is your name", { timeout: 30_000 });

    await screen.getByRole("button", { name: "End call" }).click();
    await expect(screen).toBeHidden();
    // The exchange is in the chat after a reload: the interrupted reply keeps what was heard, and says so.
    await page.reload();
    await expect(messages(page).nth(before)).toContainText("do you remember my dog");
    const kept = messages(page).nth(before + 1);
    await expect(kept.getByTestId("stopped-note")).toContainText("Interrupted");
    const keptText = (await kept.getByTestId("message-bubble").textContent()) ?? "";
    // What was heard stays (the first sentence spoken); what was not heard is gone (the reply's end).
    expect(keptText).toContain(spoken[0].text.slice(0, 20));
    expect(keptText).not.toContain(written.slice(-25));
    await expect(messages(page).nth(before + 2)).toContainText("what is your name");
  });
}

test("a call with a group: the turn is the person's message in the group, and the member who answers speaks it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 844 });
  await recordVoice(page);
  await login(page, fresh("call-group"));
  await page.goto("/characters/groups");
  const options = page.getByRole("group", { name: /Characters \(2 to 5\)/ }).getByRole("button");
  await options.nth(0).click();
  await options.nth(1).click();
  await page.getByLabel("Name").fill("Call night");
  await page.getByRole("button", { name: "Start the group" }).click();
  await expect(page).toHaveURL(/\/characters\/groups\/[A-Za-z0-9]+$/);
  await expect(messages(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Call Call night" }).click();
  const screen = page.getByTestId("call-screen");
  await expect(screen.getByTestId("call-heard")).toHaveText("do you remember my dog", { timeout: 30_000 });
  await expect(messages(page).nth(1)).toContainText("do you remember my dog");
  await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { spoken: Spoken[] }).spoken.length), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await screen.getByRole("button", { name: "End call" }).click();
  await expect(screen).toBeHidden();
});
