import { existsSync, readFileSync } from "node:fs";
import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import textChunk from "png-chunk-text";
import { expect, login, screensAt, test } from "./fixtures";

// A 1x1 PNG picture, made here so the test carries its own fixture.
const PICTURE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const SHARED = new URL("../../../shared/data/cards/", import.meta.url);

function cardPng(card: unknown) {
  const chunks = extractChunks(PICTURE);
  chunks.splice(-1, 0, textChunk.encode("chara", Buffer.from(JSON.stringify(card)).toString("base64")));
  return Buffer.from(encodeChunks(chunks));
}

function cardsIn(png: Buffer) {
  const texts = Object.fromEntries(
    extractChunks(png)
      .filter((c) => c.name === "tEXt")
      .map((c) => textChunk.decode(c.data))
      .map((t) => [t.keyword, t.text]),
  );
  const read = (key: string) => JSON.parse(Buffer.from(texts[key], "base64").toString("utf8"));
  return { v3: read("ccv3"), v2: read("chara") };
}

test("import a PNG card into the create form, save it, export it as a PNG card and import that again", async ({ page }) => {
  const name = `Brannoc Tide ${Date.now() % 100000}`;
  const card = {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      name,
      description: "{{char}} is a retired smuggler who runs a lighthouse.",
      personality: "gruff, loyal",
      scenario: "A storm drives {{user}} to the lighthouse door.",
      first_mes: "*The door creaks open.* In, quick, before the sea takes you.",
      mes_example: "<START>\n{{user}}: Who are you?\n{{char}}: The keeper.",
      creator_notes: "A stormy slow-burn adventure.",
      alternate_greetings: ["*He is already pouring tea.* You took your time."],
      tags: ["Male", "Wholesome", "sea"],
      creator: "tide-writer",
      character_version: "3",
      extensions: { world: "Saltmarsh", custom_flag: true },
    },
  };
  await login(page, `card-import-${Date.now()}@example.com`);
  await page.goto("/characters/create");
  await page.getByTestId("card-import-input").setInputFiles({ name: "brannoc.png", mimeType: "image/png", buffer: cardPng(card) });
  await expect(page.getByRole("status").filter({ hasText: `Imported ${name} (Character Card V2)` })).toBeVisible();
  await expect(page.getByText("Tags we do not have were left out of the form and kept in the card: sea.")).toBeVisible();
  const form = page.getByTestId("character-form");
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("Persona")).toHaveValue("{{char}} is a retired smuggler who runs a lighthouse.");
  await expect(form.getByLabel("Greeting", { exact: true })).toHaveValue("*The door creaks open.* In, quick, before the sea takes you.");
  await expect(form.getByLabel("Alternate greeting 1")).toHaveValue("*He is already pouring tea.* You took your time.");
  await expect(form.getByLabel("Scenario")).toHaveValue("A storm drives {{user}} to the lighthouse door.");
  await expect(form.getByRole("button", { name: "Male", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(form.locator("img")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/card-import-1280.png", fullPage: false });
  await form.getByRole("button", { name: "Create character" }).click();
  await expect(page).toHaveURL(/\/characters\/creator-hub$/);
  const row = page.getByTestId("hub-row").filter({ hasText: name });
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(row.getByText("Public", { exact: true })).toBeVisible();

  await page.goto(`/characters?q=${encodeURIComponent("retired smuggler")}`);
  await page.goto(`/characters?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Details for ${name}` }).click();
  const panel = page.getByTestId("details-panel");
  const download = page.waitForEvent("download");
  await panel.getByRole("link", { name: "Download card (PNG)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name.replace(/ /g, "_")}.png`);
  const exported = readFileSync((await file.path())!);
  const { v3, v2 } = cardsIn(exported);
  expect(v3.spec).toBe("chara_card_v3");
  expect(v2.spec).toBe("chara_card_v2");
  expect(v3.data).toMatchObject({ name, personality: "gruff, loyal", creator: "tide-writer", character_version: "3", first_mes: card.data.first_mes });
  expect(v3.data.extensions).toMatchObject({ world: "Saltmarsh", custom_flag: true });
  expect(v3.data.tags).toEqual(["Male", "Wholesome", "sea"]);

  await page.goto("/characters/create");
  await page.getByTestId("card-import-input").setInputFiles({ name: "exported.png", mimeType: "image/png", buffer: exported });
  await expect(page.getByRole("status").filter({ hasText: `Imported ${name} (Character Card V3)` })).toBeVisible();
  await expect(page.getByLabel("Persona")).toHaveValue("{{char}} is a retired smuggler who runs a lighthouse.");
  // The listing's line came from the definition's first sentence, not from the creator notes.
  await expect(page.getByLabel("Description")).toHaveValue(`${name} is a retired smuggler who runs a lighthouse.`);
  await expect(page.getByLabel("Author notes")).toHaveValue("A stormy slow-burn adventure.");
});

test("a community-sized card imports whole and saves; past the definition's limit the error sits under Persona and the form scrolls there (390 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Maren Lamp ${Date.now() % 100000}`;
  const chats = Array.from(
    { length: 30 },
    (_, i) => `<START>\n{{user}}: "Question ${i + 1}?"\n{{char}}: *Maren turns the lantern in her hands.* "A fair thing to ask."`,
  ).join("\n");
  const definition = `[Maren's Personality= "patient", "watchful", "dry"]\n${chats}\n[Genre: fantasy; Scenario: You arrive at the lighthouse in a storm.]`;
  const card = {
    spec: "chara_card_v2",
    data: { name, description: definition, first_mes: "*The lamp swings.* Come in.", creator_notes: "Made for a contest." },
  };
  await login(page, `card-long-${Date.now()}@example.com`);
  await page.goto("/characters/create");
  await page.getByTestId("card-import-input").setInputFiles({ name: "maren.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(card)) });
  await expect(page.getByRole("status").filter({ hasText: `Imported ${name}` })).toBeVisible();
  const form = page.getByTestId("character-form");
  await expect(form.getByLabel("Persona")).toHaveValue(definition);
  await expect(form.getByLabel("Description")).toHaveValue("You arrive at the lighthouse in a storm.");
  await expect(page.getByText(/Shorten it before saving/)).toHaveCount(0);
  await expect(form.getByText(/Up to 16,000 characters in all/)).toBeVisible();

  // A definition past 16,000 characters: the message is under the field, and the form goes there.
  await form.getByLabel("Persona").fill("She remembers every ship. ".repeat(650));
  await form.getByRole("button", { name: "Create character" }).click();
  await expect(page.locator("#c-persona-error")).toHaveText(/Persona can be at most 16000 characters/);
  await expect(form.getByLabel("Persona")).toBeFocused();
  await expect(form.getByLabel("Persona")).toBeInViewport();
  await page.screenshot({ path: "test-results/screens/card-definition-error-390.png" });
  await form.getByLabel("Persona").fill(definition);
  await expect(page.locator("#c-persona-error")).toHaveCount(0);
  await form.getByRole("button", { name: "Create character" }).click();
  await expect(page).toHaveURL(/\/characters\/creator-hub$/);
});

test("a file that is not a card gets a clear message and the form stays as it was (390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, `card-bad-${Date.now()}@example.com`);
  await page.goto("/characters/create");
  await page.getByLabel("Name").fill("Kept Name");
  await page.getByTestId("card-import-input").setInputFiles({ name: "plain.png", mimeType: "image/png", buffer: PICTURE });
  await expect(page.getByRole("alert")).toContainText("This picture has no character card in it.");
  await expect(page.getByLabel("Name")).toHaveValue("Kept Name");
  await page.screenshot({ path: "test-results/screens/card-import-error-390.png" });
});

test("real community files: SillyTavern's Seraphina card imports; its lorebook is explained", async ({ page }) => {
  test.skip(!existsSync(new URL("seraphina-v2.png", SHARED)), "the shared card files are not on this machine");
  await login(page, `card-interop-${Date.now()}@example.com`);
  await page.goto("/characters/create");
  await page.getByTestId("card-import-input").setInputFiles(new URL("seraphina-v2.png", SHARED).pathname);
  await expect(page.getByRole("status").filter({ hasText: "Imported Seraphina (Character Card V2)" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Seraphina");
  await expect(page.getByLabel("Greeting", { exact: true })).toHaveValue(/^\*You wake with a start/);
  // CRLF line breaks become plain newlines; the macros stay for the chat to replace.
  expect(await page.getByLabel("Persona").inputValue()).not.toContain("\r");
  await expect(page.getByLabel("Persona")).toHaveValue(/\{\{user\}\}/);
  // The whole 2,800-character definition, no request to cut it; the listing's line is its scenario.
  expect((await page.getByLabel("Persona").inputValue()).length).toBeGreaterThan(2700);
  await expect(page.getByText(/Shorten it before saving/)).toHaveCount(0);
  await expect(page.getByLabel("Description")).toHaveValue("You were attacked by beasts while wandering the magical forest of Eldoria.");
  await expect(page.getByLabel("Author notes")).toHaveValue("ST Default Bot contest winner: roleplay bots category");
  await screensAt(page, "card-seraphina");
  await page.getByTestId("card-import-input").setInputFiles(new URL("eldoria-lorebook.json", SHARED).pathname);
  await expect(page.getByRole("alert")).toContainText("This file is a lorebook (World Info), not a character card.");
});
