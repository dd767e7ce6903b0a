import { expect, fresh, login, messages, send, test } from "./fixtures";

// The streamed text becomes the final text without an empty frame (issue 61): sampled on every frame,
// a reply's bubble never goes empty once its first words showed, over three replies.
test("a reply's bubble never goes empty between the streamed text and the finished one", async ({ page }) => {
  await login(page, fresh("final-text"));
  await page.goto("/characters");
  const href = (await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!;
  await page.goto(href);
  await expect(messages(page).first()).toBeVisible();
  for (let turn = 0; turn < 3; turn++) {
    const reply = 2 + turn * 2;
    // Every frame: how much text the reply's bubble shows (-1 before it exists).
    await page.evaluate((index) => {
      const frames: number[] = [];
      (window as unknown as { frames_: number[] }).frames_ = frames;
      const sample = () => {
        const bubble = document.querySelectorAll('[data-testid="chat-message"]')[index]?.querySelector('[data-testid="message-bubble"]');
        frames.push(bubble ? (bubble.textContent ?? "").trim().length : -1);
        if (frames.length < 2000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    }, reply);
    await send(page, `Tell me about the harbour, part ${turn + 1}.`);
    await expect(messages(page).nth(reply)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
    // The chat is read again after the reply: wait past that too.
    await page.waitForTimeout(800);
    const frames = await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_);
    const firstWords = frames.findIndex((n) => n > 0);
    expect(firstWords, "the reply showed words").toBeGreaterThanOrEqual(0);
    expect(
      frames.slice(firstWords).filter((n) => n <= 0),
      `empty frames after the first words in reply ${turn + 1}`,
    ).toEqual([]);
  }
});
