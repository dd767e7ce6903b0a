import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, fresh, login, person, test } from "./fixtures";

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

for (const width of [390, 1280]) {
  test(`a report reaches Mod Central: the character goes private, the author is banned then unbanned, and the log shows it (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // The author publishes a character.
    const authorEmail = fresh("author");
    const author = await person(browser, width, authorEmail);
    const name = `Mirelle ${Date.now().toString(36)}`;
    const origin = { origin: "http://127.0.0.1:8788" };
    const made = await author.request.post("/api/characters", { data: { name, greeting: "Welcome to my shop.", persona: "A perfumer." }, headers: origin });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await author.request.put(`/api/characters/${id}/publish`, { data: { isPublic: true }, headers: origin })).status()).toBe(200);

    // A reader reports it from its details panel.
    await page.setViewportSize({ width, height: 900 });
    await login(page, fresh("reader"));
    await page.goto(`/characters?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Details for ${name}` }).click();
    await page.getByTestId("details-overview").getByRole("button", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this character" });
    await dialog.getByLabel("Real person or celebrity").check();
    await dialog.getByLabel("Note (optional)").fill("Looks like a famous singer.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByTestId("toast")).toContainText("A moderator will look at it.");

    // The moderator bans the author and makes the character private.
    const mod = await person(browser, width, "mod@example.com");
    await mod.goto("/mods/modcentral");
    const card = mod.getByTestId("report-card").filter({ hasText: name });
    await expect(card).toContainText("Real person or celebrity");
    await expect(card).toContainText("Looks like a famous singer.");
    expect(await serious(mod)).toEqual([]);
    await card.getByRole("button", { name: "Ban the author" }).click();
    await mod.getByRole("dialog").getByLabel("Reason").fill("Impersonating a real person");
    await mod.getByRole("dialog").getByRole("button", { name: "Ban" }).click();
    await expect(card).toContainText("Banned");
    await card.getByRole("button", { name: "Make private" }).click();
    await expect(card).toHaveCount(0);
    expect((await author.request.get(`/api/characters/${id}`)).status()).toBe(403);

    // The author's next request shows the ban page.
    await author.goto("/");
    await expect(author.getByText("support@reverie.example")).toBeVisible();

    // The moderator finds the author and lifts the ban.
    await mod.getByRole("tab", { name: "Users" }).click();
    await mod.getByLabel("Find a user by email, name or id").fill(authorEmail);
    const found = mod.getByTestId("found-user").filter({ hasText: authorEmail });
    await expect(found).toContainText("Impersonating a real person");
    await expect(found).toContainText(`${name} (private)`);
    await found.getByRole("button", { name: "Unban" }).click();
    await mod.getByRole("dialog").getByRole("button", { name: "Unban" }).click();
    await expect(found.getByRole("button", { name: "Ban" })).toBeVisible();
    expect(await serious(mod)).toEqual([]);

    await author.goto("/characters/private");
    await expect(author.getByRole("heading", { name })).toBeVisible();

    // The log shows it all, newest first.
    await mod.reload();
    await mod.getByRole("tab", { name: "Audit log" }).click();
    const lines = mod.getByTestId("audit-entry");
    await expect(lines.nth(0)).toContainText("unbanned");
    await expect(lines.nth(1)).toContainText(`made private ${name}`);
    await expect(lines.nth(2)).toContainText("banned");
    await expect(lines.nth(2)).toContainText("Impersonating a real person");
    expect(await serious(mod)).toEqual([]);
    await author.context().close();
    await mod.context().close();
  });
}

test("every entry of the demo's moderation history names its moderator", async ({ page }) => {
  await login(page, "mod@example.com");
  type Entry = { targetLabel: string | null; moderator: string };
  const seeded: Entry[] = [];
  for (let before: string | null = "", pages = 0; before !== null && pages < 50; pages++) {
    const answer = (await (await page.request.get(`/api/mods/audit${before ? `?before=${before}` : ""}`)).json()) as { entries: Entry[]; next: string | null };
    seeded.push(...answer.entries.filter((e) => e.targetLabel === "Barry Banned"));
    before = answer.next;
  }
  expect(seeded.at(-1)?.moderator).toBe("Morgan Moderator");
});

test("a FREE user gets 403 from Mod Central and its calls", async ({ page }) => {
  await login(page, fresh("curious"));
  for (const path of ["/api/mods/reports?status=open", "/api/mods/audit", "/api/mods/users?q=a"]) expect((await page.request.get(path)).status()).toBe(403);
  const ban = await page.request.post("/api/mods/users/demofree00000000/ban", { data: { reason: "x" }, headers: { origin: "http://127.0.0.1:8788" } });
  expect(ban.status()).toBe(403);
  const response = await page.goto("/mods/modcentral");
  expect(response?.status()).toBe(403);
});

test("a takedown holds: the owner sees why on the edit page and appeals; the moderator sets tags, then lifts it (1280 px, 390 px)", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const origin = { origin: "http://127.0.0.1:8788" };
  const owner = await person(browser, 390, fresh("held-owner"));
  const name = `Halvard ${Date.now().toString(36)}`;
  const made = await owner.request.post("/api/characters", { data: { name, greeting: "Hello.", tags: ["Male"] }, headers: origin });
  const { id } = (await made.json()) as { id: string };
  await owner.request.put(`/api/characters/${id}/publish`, { data: { isPublic: true }, headers: origin });
  await login(page, fresh("held-reader"));
  await page.request.post("/api/reports", { data: { targetType: "character", targetId: id, reason: "tags" }, headers: origin });

  const mod = await person(browser, 1280, "mod@example.com");
  await mod.goto("/mods/modcentral");
  const card = mod.getByTestId("report-card").filter({ hasText: name });
  await card.getByRole("button", { name: "Edit tags" }).click();
  const tags = mod.getByRole("dialog");
  await tags.getByRole("button", { name: "Robot" }).click();
  await tags.getByRole("button", { name: "Violence" }).click();
  await tags.getByLabel("Note (optional)").fill("He is an automaton, and the fights are graphic.");
  expect(await serious(mod)).toEqual([]);
  await tags.getByRole("button", { name: "Edit tags" }).click();
  await expect(card).toHaveCount(0);

  // The owner sees what is held and why; the tag chips cannot change.
  await owner.goto(`/characters/${id}/edit`);
  const notice = owner.getByTestId("takedown-notice");
  await expect(notice).toContainText("A moderator set its tags.");
  await expect(notice).toContainText("He is an automaton, and the fights are graphic.");
  await expect(owner.getByRole("button", { name: "Robot", pressed: true })).toBeDisabled();
  expect(await serious(owner)).toEqual([]);
  await notice.getByLabel("Why should this change?").fill("He is a man in armour, not a robot.");
  await notice.getByRole("button", { name: "Send appeal" }).click();
  await expect(notice).toContainText("Your appeal is with the moderators.");

  // The appeal reaches Mod Central; the moderator lifts the takedown.
  await mod.reload();
  const appeal = mod.getByTestId("report-card").filter({ hasText: name });
  await expect(appeal).toContainText("Appeal");
  await expect(appeal).toContainText("He is a man in armour, not a robot.");
  await appeal.getByRole("button", { name: "Lift the takedown" }).click();
  await expect(appeal).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByTestId("takedown-notice")).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Robot", pressed: true })).toBeEnabled();
  await owner.context().close();
  await mod.context().close();
});
