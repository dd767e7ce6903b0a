import { expect, fresh, login, test } from "./fixtures";

// The chat's tools are where people look (issue 61): a labelled "Chat menu" in the chat header opens
// each tab of the character's panel in one tap, on a phone and on a desktop.
for (const width of [390, 1280]) {
  test(`the chat header's Chat menu opens each tab of the panel in one tap (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh("chatmenu"));
    await page.goto("/characters");
    const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
    await page.goto(href!);
    const panel = page.getByTestId("details-panel");
    const menu = page.getByRole("button", { name: "Chat menu" });
    await expect(menu).toBeVisible();
    for (const [item, tab] of [
      ["Memory", "Memory"],
      ["Saved Chats", "Saved Chats"],
      ["Chat Settings", "Chat Settings"],
      ["Character details", "Overview"],
    ]) {
      await menu.click();
      await page.getByRole("menuitem", { name: item }).click();
      await expect(panel.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      if (item === "Memory") await page.screenshot({ path: `test-results/screens/chat-menu-memory-${width}.png` });
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    }
    // A phone's header has no room for the upvote: the menu holds it, and it stays pressed.
    const name = (await page.getByTestId("chat-character-name").getAttribute("aria-label"))!;
    if (width === 390) {
      await expect(page.getByRole("banner").getByRole("button", { name: `Upvote ${name}` })).toBeHidden();
      await menu.click();
      await page.getByRole("menuitemcheckbox", { name: `Upvote ${name}` }).click();
      await menu.click();
      await expect(page.getByRole("menuitemcheckbox", { name: `Upvote ${name}` })).toHaveAttribute("aria-checked", "true");
      await page.keyboard.press("Escape");
    } else {
      await menu.click();
      await expect(page.getByRole("menuitemcheckbox", { name: `Upvote ${name}` })).toBeHidden();
      await page.keyboard.press("Escape");
    }
    // From the keyboard too: the menu opens with Enter and its first item takes the focus (on a phone,
    // Call, which the header has no room for; issue 63).
    await menu.focus();
    await page.keyboard.press("Enter");
    if (width === 390) {
      await expect(page.getByRole("menuitem", { name: `Call ${name}` })).toBeFocused();
      await page.keyboard.press("ArrowDown");
    } else await expect(page.getByRole("menuitem", { name: `Call ${name}` })).toBeHidden();
    await expect(page.getByRole("menuitem", { name: "Memory" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("tab", { name: "Memory" })).toHaveAttribute("aria-selected", "true");
  });
}
