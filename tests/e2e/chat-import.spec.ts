import AxeBuilder from "@axe-core/playwright";
import { expect, fresh, login, messages, test } from "./fixtures";

// SillyTavern chats in and out (issue 25, decision 046): import a .jsonl, see its swipes, export it.
const FILE = [
  { user_name: "You", character_name: "Seraphina", create_date: "2024-10-05@14h30m12s", chat_metadata: { integrity: "5e1f" } },
  { name: "Seraphina", is_user: false, is_system: false, send_date: "2024-10-05T14:30:12.000Z", mes: "The glade is quiet tonight.", extra: {} },
  { name: "You", is_user: true, is_system: false, send_date: "June 19, 2023 2:20pm", mes: "Where am I? 🌲", extra: {} },
  { name: "You", is_user: true, is_system: true, send_date: "2023-4-21 @20h 02m 47s 124ms", mes: "(OOC: keep it slow)", extra: {} },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "2024-10-05T14:31:20.000Z",
    mes: "In my glade, 森の中, where you are safe.",
    extra: { api: "openai", model: "gpt-4o" },
    swipes: ["In my glade, 森の中, where you are safe.", "Somewhere the wolves will not follow.", "Rest first; questions later."],
    swipe_id: 0,
    swipe_info: [
      { send_date: "2024-10-05T14:31:20.000Z", extra: { api: "openai", model: "gpt-4o" } },
      { send_date: "2024-10-05T14:31:40.000Z", extra: {} },
      { send_date: "2024-10-05T14:31:55.000Z", extra: {} },
    ],
  },
];
const jsonl = FILE.map((l) => JSON.stringify(l)).join("\n");

for (const width of [390, 1280]) {
  test(`import a SillyTavern chat, see its swipes, and export it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(page, fresh("stimport"));
    await page.goto("/characters");
    const href = await page.getByTestId("character-card").first().locator("a").first().getAttribute("href");
    await page.goto(href!);
    await expect(messages(page).first()).toBeVisible();

    await page.getByTestId("chat-character-name").click();
    await page.getByRole("tab", { name: "Saved Chats" }).click();
    const files = page.getByTestId("chat-files");
    await expect(files).toContainText("opening saved chats is a GOLD feature");
    // A file that is not a chat is refused, naming its line; nothing changes.
    await files
      .getByLabel("Import a SillyTavern chat (.jsonl)")
      .setInputFiles({ name: "broken.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(`${jsonl}\n{"mes": `) });
    await files.getByRole("button", { name: "Import", exact: true }).click();
    await expect(files.getByRole("alert")).toHaveText("Line 6 is not a SillyTavern chat line: it is not valid JSON.");

    await files
      .getByLabel("Import a SillyTavern chat (.jsonl)")
      .setInputFiles({ name: "Seraphina.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(jsonl) });
    await files.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("toast").getByText("Imported 4 messages (1 with 3 versions).")).toBeVisible();
    const results = await new AxeBuilder({ page }).include("[data-testid=details-panel]").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await page.screenshot({ path: `test-results/screens/chat-import-panel-${width}.png` });

    const download = page.waitForEvent("download");
    await files.getByRole("link", { name: "Export for SillyTavern (.jsonl)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.jsonl$/);
    const exported = (await (await import("node:fs/promises")).readFile((await file.path())!, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(exported.slice(1)).toEqual(FILE.slice(1));

    await page.getByTestId("details-panel").getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("details-panel")).toBeHidden();
    await expect(messages(page)).toHaveCount(4);
    await expect(messages(page).nth(2)).toContainText("Note · not sent to the character");
    const last = messages(page).last();
    await expect(last).toContainText("森の中");
    await expect(last.getByTestId("swipe-position")).toHaveText("1/3");
    // The model the file names for that version is its label (issue 61); the next version names none.
    await expect(last.getByTestId("model-label")).toHaveText("gpt-4o");
    await last.getByRole("button", { name: "Next version" }).click();
    await expect(last.getByTestId("swipe-position")).toHaveText("2/3");
    await expect(last.getByTestId("model-label")).toHaveCount(0);
    await expect(last).toContainText("Somewhere the wolves will not follow.");
    await page.screenshot({ path: `test-results/screens/chat-import-${width}.png`, fullPage: false });
  });
}
