import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, fresh, login, messages, send, test } from "./fixtures";

// Recall and "What it remembered" (issue 62): in a long chat, a reply about something said long ago
// recalls it; the reply's menu lists the memory and the recalled message, and one tap shows it in place.
const origin = { origin: "http://127.0.0.1:8788" };
const FILLER = [
  "The tide comes in slowly over the flat grey sand tonight.",
  "*She trims the wick and watches the lamp flare.* Another quiet evening.",
  "I counted the gulls on the pier; there were nine of them.",
  "*A kettle whistles in the kitchen below.* Tea is nearly ready.",
];

/** A SillyTavern chat of 300 messages; the 12th says a dog's name, never said again. */
function longChat() {
  const lines: object[] = [{ user_name: "Sam", character_name: "Mira" }];
  for (let n = 1; n <= 300; n++) {
    const isUser = n % 2 === 0;
    const mes = n === 12 ? "My old terrier was called Biscuit; he hid under the bed whenever thunder came." : `${FILLER[n % FILLER.length]} (${n})`;
    lines.push({ name: isUser ? "Sam" : "Mira", is_user: isUser, mes });
  }
  return lines.map((l) => JSON.stringify(l)).join("\n");
}

async function openAction(page: Page, message: ReturnType<Page["locator"]>, name: string, width: number) {
  await message.hover();
  if (width < 640) {
    await message.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name }).click();
  } else await message.getByRole("button", { name }).click();
}

for (const width of [390, 1280]) {
  test(`a reply about something said long ago recalls it, and "What it remembered" shows it in the chat (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh("recall"));
    await page.goto("/characters");
    const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
    const characterId = href!.split("/").at(-1)!;
    const imported = await page.request.post(`/api/chats/${characterId}/import`, {
      headers: { ...origin, "content-type": "application/jsonl" },
      data: longChat(),
    });
    expect(imported.status()).toBe(201);
    const pinned = await page.request.post(`/api/chats/${characterId}/memory/pins`, { headers: origin, data: { text: "We met on the lighthouse stairs." } });
    expect(pinned.status()).toBe(201);
    await page.goto(href!);
    // The long chat opens at its end: message 12 is not on the page yet.
    await expect(page.getByText("My old terrier was called Biscuit")).toHaveCount(0);

    await send(page, "Thunder again tonight. Do you remember my old terrier?");
    const reply = page.locator("[data-testid=chat-message][data-role=character]").last();
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    // The demo writer answers from what was recalled.
    await expect(reply).toContainText("Biscuit");
    await openAction(page, reply, "What it remembered", width);

    const dialog = page.getByTestId("memory-used");
    await expect(dialog.getByTestId("used-pins")).toContainText("We met on the lighthouse stairs.");
    const recalled = dialog.getByTestId("used-recalled-message");
    await expect(recalled).toHaveCount(1);
    await expect(recalled).toContainText("My old terrier was called Biscuit");
    const results = await new AxeBuilder({ page }).include("[data-testid=memory-used]").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await page.screenshot({ path: `test-results/screens/chat-what-it-remembered-${width}.png` });

    // One tap: the dialog closes and the chat shows message 12 in its place, lit for a moment.
    await recalled.getByRole("button", { name: "Show in chat" }).click();
    await expect(dialog).toBeHidden();
    const twelve = messages(page).filter({ hasText: "My old terrier was called Biscuit" });
    await expect(twelve).toBeInViewport();
    await expect(twelve).toHaveAttribute("data-highlight", "true");
    await page.screenshot({ path: `test-results/screens/chat-recalled-shown-${width}.png` });
  });
}

test("the Memory tab says when the summary is next updated, and Summarise now writes it at once", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fresh("summarise"));
  await page.goto("/characters");
  const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
  const characterId = href!.split("/").at(-1)!;
  const lines: object[] = [{ user_name: "Sam", character_name: "Mira" }];
  for (let n = 1; n <= 12; n++)
    lines.push({
      name: n % 2 ? "Mira" : "Sam",
      is_user: n % 2 === 0,
      mes: n === 4 ? "My brother Tomas builds boats in Vell." : `${FILLER[n % FILLER.length]} (${n})`,
    });
  const imported = await page.request.post(`/api/chats/${characterId}/import`, {
    headers: { ...origin, "content-type": "application/jsonl" },
    data: lines.map((l) => JSON.stringify(l)).join("\n"),
  });
  expect(imported.status()).toBe(201);
  await page.goto(href!);
  await page.getByRole("button", { name: "Chat menu" }).click();
  await page.getByRole("menuitem", { name: "Memory" }).click();
  const summary = page.getByTestId("memory-summary");
  await expect(summary).toContainText("No summary yet.");
  // 12 messages past no summary: the periodic update comes after 30.
  await expect(summary.getByTestId("memory-next-summary")).toHaveText("The summary is updated after 18 more messages.");
  await summary.getByRole("button", { name: "Summarise now" }).click();
  await expect(summary).toContainText("Tomas builds boats in Vell");
  // All but the newest four are folded in: the next update is counted from there.
  await expect(summary.getByTestId("memory-next-summary")).toHaveText("The summary is updated after 26 more messages.");
  await page.screenshot({ path: "test-results/screens/chat-summarise-now-390.png" });
});
