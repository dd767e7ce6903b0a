import { expect, login, test } from "./fixtures";

// A 1x1 PNG, made here so the test carries its own fixture.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("create a character with a picture, publish it, find it, edit it and delete it", async ({ page }) => {
  const name = `Quill Harrow ${Date.now() % 100000}`;
  await login(page, `creator-${Date.now()}@example.com`);
  await page.goto("/characters/create");
  const form = page.getByTestId("character-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Description").fill("A cartographer of impossible places.");
  await form.getByLabel("Persona").fill("Meticulous, curious, a little vain about her maps.");
  await form.getByLabel("Greeting").fill("*unrolls a map* Where to, {{user}}?");
  await form.getByRole("button", { name: "Female", exact: true }).click();
  await form.getByRole("button", { name: "Book", exact: true }).click();
  await expect(form.getByRole("button", { name: "Male", exact: true })).toBeEnabled();
  await form.getByLabel("Thumbnail").setInputFiles({ name: "quill.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Create character" }).click();

  await expect(page).toHaveURL(/\/characters\/creator-hub$/);
  await expect(page.getByTestId("toast")).toContainText("Character created");
  const row = page.getByTestId("hub-row").filter({ hasText: name });
  await expect(row.getByText("Private")).toBeVisible();
  await expect(row.locator("img")).toHaveAttribute("src", /^\/media\/thumbnails\//);
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(row.getByText("Public", { exact: true })).toBeVisible();
  // Its chat is one tap from the row (issue 61).
  await row.getByRole("link", { name: `Chat with ${name}` }).click();
  await expect(page).toHaveURL(/\/characters\/chat\/[0-9a-z]+$/);
  await expect(page.getByTestId("message-bubble").first()).toContainText("Where to");

  await page.goto(`/characters?q=${encodeURIComponent("cartographer impossible")}`);
  await expect(page.getByTestId("character-card").filter({ hasText: name })).toBeVisible();

  await page.goto("/characters/creator-hub");
  await page.getByTestId("hub-row").filter({ hasText: name }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Persona")).toHaveValue("Meticulous, curious, a little vain about her maps.");
  await page.getByLabel("Description").fill("A cartographer of impossible, shifting places.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Character saved");

  const again = page.getByTestId("hub-row").filter({ hasText: name });
  await again.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("hub-row").filter({ hasText: name })).toHaveCount(0);
});

test("the form shows the safety refusal and keeps what was typed", async ({ page }) => {
  await login(page, `careful-${Date.now()}@example.com`);
  await page.goto("/characters/create");
  await page.getByLabel("Name").fill("Lisette");
  await page.getByLabel("Description").fill("A 15 year old runaway.");
  await page.getByRole("button", { name: "Create character" }).click();
  // Said at the field itself, and above the button that was pressed.
  await expect(page.getByRole("region", { name: "Basics" }).getByRole("alert")).toContainText('"15 year old" is not allowed');
  await expect(page.getByRole("alert").last()).toContainText('"15 year old" is not allowed');
  await expect(page.getByLabel("Name")).toHaveValue("Lisette");
});
