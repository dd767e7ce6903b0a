import AxeBuilder from "@axe-core/playwright";
import { expect, fresh, login, messages, send, test } from "./fixtures";

// Chat memory (issue 25): pin a message, see it in the Memory tab, edit it, forget it, write one;
// the offline demo writer recalls a memory when asked.
for (const width of [390, 1280]) {
  test(`remember a message, then see, edit and forget it in the Memory tab (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh("memory"));
    await page.goto("/characters");
    const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
    await page.goto(href!);
    await send(page, "My sister is called Ilse.");
    const mine = messages(page).nth(1);
    await expect(messages(page).nth(2)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });

    // Phones keep one row of actions: Remember this is in the "More actions" menu there.
    await mine.hover();
    if (width < 640) {
      await mine.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Remember this" }).click();
    } else await mine.getByRole("button", { name: "Remember this" }).click();
    await expect(page.getByTestId("toast").getByText("Remembered", { exact: true })).toBeVisible();
    // The message wears a pin, and the toast opens the Memory tab in one tap (issue 61).
    await expect(mine.getByTestId("pinned-mark")).toBeVisible();
    await page.getByTestId("toast").getByRole("button", { name: "Open Memory" }).click();
    await expect(page.getByTestId("details-panel").getByRole("tab", { name: "Memory" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("memory-tab").getByTestId("memory-pin")).toContainText("My sister is called Ilse.");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("details-panel")).toBeHidden();

    // Asked, the character says it back (the offline writer reads the chat's memory).
    await send(page, "Do you remember what my sister is called?");
    await expect(messages(page).nth(4)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(messages(page).nth(4)).toContainText("Your sister is called Ilse.");

    await page.getByTestId("chat-character-name").click();
    await page.getByRole("tab", { name: "Memory" }).click();
    const tab = page.getByTestId("memory-tab");
    const pin = tab.getByTestId("memory-pin");
    await expect(pin).toHaveCount(1);
    await expect(pin).toContainText("My sister is called Ilse.");
    await expect(tab.getByTestId("memory-left")).toHaveText("4 of 5 memories left in this chat.");
    const results = await new AxeBuilder({ page }).include("[data-testid=details-panel]").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await page.screenshot({ path: `test-results/screens/chat-memory-${width}.png` });

    await pin.getByRole("button", { name: "Edit" }).click();
    await pin.getByLabel("Memory").fill("Her sister Ilse lives by the harbour.");
    await pin.getByRole("button", { name: "Save" }).click();
    await expect(pin).toContainText("Her sister Ilse lives by the harbour.");

    await tab.getByLabel("Add memory").fill("We met on the lighthouse stairs.");
    await tab.getByRole("button", { name: "Add memory" }).click();
    await expect(tab.getByTestId("memory-pin")).toHaveCount(2);
    await expect(tab.getByTestId("memory-left")).toHaveText("3 of 5 memories left in this chat.");

    await tab.getByTestId("memory-pin").first().getByRole("button", { name: "Forget" }).click();
    await expect(tab.getByTestId("memory-pin")).toHaveCount(1);
    await expect(tab.getByTestId("memory-pin")).toContainText("We met on the lighthouse stairs.");
  });
}
