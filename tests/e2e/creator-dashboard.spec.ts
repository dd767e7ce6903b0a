import AxeBuilder from "@axe-core/playwright";
import { expect, fresh, login, messages, person, send, test } from "./fixtures";

// The Creator Hub's dashboard (issue 64): what readers do with a new character (see its card, open
// its details, chat, upvote) reaches its creator's figures through the batched events, and each
// chart's table says the same numbers.
const origin = { origin: "http://127.0.0.1:8788" };

for (const width of [390, 1280]) {
  test(`the Creator Hub's dashboard counts what readers did (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const creator = await person(browser, width, fresh("dash-creator"));
    const name = `Tamsin ${Date.now().toString(36)}`;
    const made = await creator.request.post("/api/characters", { data: { name, greeting: "The loom is ready.", persona: "A weaver." }, headers: origin });
    const { id } = (await made.json()) as { id: string };
    expect((await creator.request.put(`/api/characters/${id}/publish`, { data: { isPublic: true }, headers: origin })).status()).toBe(200);

    // A reader finds it (an impression), opens its details twice, chats once and upvotes it.
    await page.setViewportSize({ width, height: 900 });
    await login(page, fresh("dash-reader"));
    await page.goto(`/characters?q=${encodeURIComponent(name)}`);
    for (let i = 0; i < 2; i++) {
      await page.getByRole("button", { name: `Details for ${name}` }).click();
      await expect(page.getByTestId("details-overview")).toBeVisible();
      await page.keyboard.press("Escape");
    }
    await page.goto(`/characters/chat/${id}`);
    await send(page, "What are you weaving today?");
    await expect(messages(page).last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
    expect((await page.request.post(`/api/characters/${id}/upvote`, { headers: origin })).status()).toBeLessThan(300);

    // The creator's dashboard, once the events are in: the queue waits up to 5 s for a batch, and the
    // opens, the chat's messages and the upvote can land in different batches, so all are awaited.
    const figure = (label: string) => creator.getByRole("region", { name: label, exact: true }).getByTestId("figure-latest");
    const labels = ["Detail opens", "Impressions", "Chats started", "Messages", "Chatters", "Upvotes", "Average chat depth"];
    await expect
      .poll(
        async () => {
          await creator.goto(`/characters/creator-hub?days=7&character=${id}`);
          return await Promise.all(labels.map((label) => figure(label).textContent()));
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toEqual(["2", "1", "1", "2", "1", "1", "2.0"]);
    // The chart's table holds today's number.
    const table = creator.getByRole("region", { name: "Detail opens, by day" });
    await expect(table.locator("tbody tr").first().locator("td").last()).toHaveText("2");
    await expect(creator.getByLabel("Character")).toHaveValue(id);
    await creator.getByRole("link", { name: "30 days", exact: true }).click();
    await expect(creator).toHaveURL(/days=30/);
    await expect(figure("Detail opens")).toHaveText("2");
    await creator.screenshot({ path: `test-results/screens/creator-dashboard-${width}.png` });
    const serious = (await new AxeBuilder({ page: creator }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await creator.context().close();
  });
}
