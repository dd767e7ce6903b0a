import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { encode as encodePng } from "fast-png";
import { expect, login, test } from "./fixtures";

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

/** A small picture of one colour, so the two can be told apart. */
const picture = (name: string, shade: number) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from(encodePng({ width: 8, height: 6, data: new Uint8Array(8 * 6 * 4).fill(shade), channels: 4 })),
});

for (const width of [390, 1280]) {
  test(`a moderator publishes an announcement; the News page shows its gallery, spoiler and emoji, and the viewer wraps and closes (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, "mod@example.com");
    await page.goto("/news-updates");
    await page.getByRole("button", { name: "New announcement" }).click();
    const editor = page.getByRole("dialog");
    const title = `Lantern festival ${width} ${Date.now().toString(36)}`;
    await editor.getByLabel("Title").fill(title);
    await editor.getByLabel("Link").fill("/story");
    await editor.getByLabel("Content").fill("The festival starts tonight.\n\nThe secret guest: `Captain Idris Kade` <:lantern:123456789012345678>");
    await editor.locator('input[type="file"]').setInputFiles([picture("one.png", 40), picture("two.png", 200)]);
    await expect(editor.getByRole("button", { name: "Remove picture" })).toHaveCount(2);
    await editor.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("toast")).toContainText("Announcement published");

    const card = page.locator(`article[id="${title}"]`);
    await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", "/story");
    await expect(card.getByRole("img", { name: "lantern", exact: true })).toHaveAttribute("src", "https://cdn.discordapp.com/emojis/123456789012345678.png");
    expect(await serious(page)).toEqual([]);

    // The spoiler is hidden until pressed, and reachable by keyboard.
    const spoiler = card.getByTestId("spoiler");
    await expect(spoiler).toHaveAttribute("aria-pressed", "false");
    await spoiler.focus();
    await page.keyboard.press("Enter");
    await expect(spoiler).toHaveAttribute("aria-pressed", "true");
    await expect(spoiler).toHaveText("Captain Idris Kade");

    // The gallery shows one picture at a time; next and previous wrap around.
    const gallery = card.getByTestId("news-gallery");
    const shown = gallery.getByTestId("gallery-image");
    await expect(shown).toHaveAttribute("alt", `${title}, picture 1 of 2`);
    await gallery.getByRole("button", { name: "Previous picture" }).click();
    await expect(shown).toHaveAttribute("alt", `${title}, picture 2 of 2`);
    await gallery.getByRole("button", { name: "Next picture" }).click();
    await expect(shown).toHaveAttribute("alt", `${title}, picture 1 of 2`);

    // Zoom: the overlay has the same navigation, closes on Escape and gives focus back.
    const zoom = gallery.getByRole("button", { name: "Zoom" });
    await zoom.click();
    const viewer = page.getByTestId("news-viewer");
    await expect(viewer).toBeVisible();
    await viewer.getByRole("button", { name: "Next picture" }).click();
    await viewer.getByRole("button", { name: "Next picture" }).click();
    await expect(viewer.getByTestId("viewer-image")).toHaveAttribute("alt", `${title}, picture 1 of 2`);
    expect(await serious(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(zoom).toBeFocused();

    // A click outside the picture closes it too.
    await zoom.click();
    await expect(viewer).toBeVisible();
    await page.mouse.click(5, 450);
    await expect(viewer).toHaveCount(0);

    // Clean up: delete it.
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.locator(`article[id="${title}"]`)).toHaveCount(0);
  });
}

test("a custom emoji whose picture does not load shows its :name: as text, not a broken image, before and after a reload", async ({ page }) => {
  // This emoji's picture is gone from the CDN (a later route wins over the fixture's stand-in).
  await page.route("https://cdn.discordapp.com/emojis/999999999999999999.png", (route) => route.fulfill({ status: 404, body: "" }));
  await login(page, "mod@example.com");
  await page.goto("/news-updates");
  await page.getByRole("button", { name: "New announcement" }).click();
  const editor = page.getByRole("dialog");
  const title = `Emoji check ${Date.now().toString(36)}`;
  await editor.getByLabel("Title").fill(title);
  await editor.getByLabel("Content").fill("Goodbye <:gone:999999999999999999> and hello <:lantern:123456789012345678>");
  await editor.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("toast")).toContainText("Announcement published");

  for (const pass of ["after publishing", "after a reload"]) {
    if (pass === "after a reload") await page.reload();
    const card = page.locator(`article[id="${title}"]`);
    await expect(card.getByTestId("emoji-fallback"), pass).toHaveText(":gone:");
    await expect(card.getByRole("img", { name: "gone" }), pass).toHaveCount(0);
    await expect(card.getByRole("img", { name: "lantern", exact: true }), pass).toBeVisible();
  }
});
