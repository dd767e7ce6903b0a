import { expect, fresh, login, messages, send, test } from "./fixtures";

// A long chat stays light after a change (decision 072): a reply, a new version or a swipe answers
// with the latest part of the branch, and the page keeps what it shows above it; the earlier messages
// load a page at a time. Before, each of them read and drew the whole branch: 1,262 messages on
// screen after one reply in a chat of 1,260.
const LINES = 120;
const file = [
  { user_name: "Sam", character_name: "Mira" },
  ...Array.from({ length: LINES }, (_, i) =>
    i % 2 ? { name: "Sam", is_user: true, mes: `Line ${i + 1}, from Sam.` } : { name: "Mira", is_user: false, mes: `Line ${i + 1}, from Mira.` },
  ),
]
  .map((line) => JSON.stringify(line))
  .join("\n");

for (const width of [390, 1280]) {
  test(`in a long chat, a reply and a swipe keep the page at its latest messages; the earlier ones load 50 at a time (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh("long-chat"));
    await page.goto("/characters");
    const href = (await page.getByTestId("character-card").first().locator("a").first().getAttribute("href"))!;
    await page.goto(href);
    await expect(messages(page).first()).toBeVisible();
    const characterId = href.split("/").at(-1)!;
    const imported = await page.request.post(`/api/chats/${characterId}/import`, {
      headers: { origin: baseURL!, "content-type": "application/jsonl" },
      data: file,
    });
    expect(imported.status()).toBe(201);
    await page.reload();
    await expect(messages(page)).toHaveCount(20);
    const earlier = page.getByTestId("earlier-messages");
    await expect(earlier).toHaveText(`Show ${LINES - 20} earlier messages`);

    await send(page, "Hello again, Mira.");
    const reply = messages(page).last();
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(messages(page)).toHaveCount(22);
    await expect(earlier).toHaveText(`Show ${LINES - 20} earlier messages`);

    // Another version of the reply, then back to the first: still the latest messages, and the count above them.
    await reply.getByRole("button", { name: "Write another version" }).click();
    await expect(reply.getByTestId("swipe-position")).toHaveText("2/2", { timeout: 15_000 });
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    const swiped = page.waitForResponse((r) => r.url().includes("/leaf") && r.request().method() === "PUT");
    await reply.getByRole("button", { name: "Previous version" }).click();
    expect((await swiped).status()).toBe(200);
    await expect(reply.getByTestId("swipe-position")).toHaveText("1/2");
    await expect(messages(page)).toHaveCount(22);
    await expect(messages(page).first()).toContainText(`Line ${LINES - 19}, from Mira.`);
    await page.screenshot({ path: `test-results/screens/chat-long-reply-${width}.png` });

    // The earlier ones load 50 at a time. Pressed (chat.spec.ts scrolls up to it): the page may still
    // be following the reply's end.
    await earlier.click();
    await expect(messages(page)).toHaveCount(72);
    await expect(earlier).toHaveText(`Show ${LINES - 70} earlier messages`);
    await expect(messages(page).first()).toContainText("Line 51, from Mira.");
    await earlier.click();
    await expect(messages(page)).toHaveCount(LINES + 2);
    await expect(earlier).toHaveCount(0);
    await expect(messages(page).first()).toContainText("Line 1, from Mira.");
  });
}
