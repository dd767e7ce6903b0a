import AxeBuilder from "@axe-core/playwright";
import { expect, fetcherFailure, isApiCall, lastMailTo, login, test } from "./fixtures";

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@example.com`;

test.describe("account page", () => {
  test("guests see 'Not signed in'", async ({ page }) => {
    await page.goto("/account");
    await expect(page.getByText("Not signed in")).toBeVisible();
  });

  for (const width of [390, 1280])
    test(`a FREE user sees their tier, allowance with its reset time, the Upgrade link and membership help (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, "free@example.com");
      await page.goto("/account");
      const header = page.getByTestId("account-header");
      await expect(header.getByRole("heading", { name: "Fern Free" })).toBeVisible();
      await expect(header.getByText("free@example.com")).toBeVisible();
      await expect(page.getByTestId("tier-label")).toHaveText("FREE Account");
      await expect(page.getByTestId("active-persona")).toContainText("Chatting as Fern");
      const allowance = page.getByTestId("allowance-card");
      await expect(allowance.getByTestId("tokens-left")).toHaveText(/^\d+$/);
      await expect(allowance).toContainText("Resets at");
      await expect(allowance.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
      await expect(page.getByTestId("membership-help")).toBeVisible();
      await expect(page.getByTestId("manage-subscription")).toHaveCount(0);
      await expect(page.getByTestId("connections-card")).toHaveCount(0);
      // Pressing Upgrade sends the analytics event (spec section 7) and goes to the pricing page.
      const beacon = page.waitForRequest((r) => r.url().endsWith("/api/events") && r.method() === "POST");
      await allowance.getByRole("link", { name: "Upgrade" }).click();
      expect(JSON.parse((await beacon).postData() ?? "{}")).toEqual({ kind: "upgrade_click", from: "allowance" });
      await expect(page).toHaveURL(/\/pricing$/);
    });

  test("an active GOLD subscriber sees Manage Subscription and no allowance", async ({ page }) => {
    await login(page, "gold@example.com");
    await page.goto("/account");
    await expect(page.getByTestId("tier-label")).toHaveText("GOLD Account");
    await expect(page.getByTestId("manage-subscription").getByRole("link", { name: "Manage Subscription" })).toHaveAttribute("href", /patreon\.com/);
    await expect(page.getByTestId("allowance-card")).toHaveCount(0);
    await expect(page.getByTestId("membership-help")).toHaveCount(0);
  });

  test("excluded tags and content show unsaved changes until saved, and stay saved", async ({ page }) => {
    await login(page, freshEmail("tags"));
    await page.goto("/account");
    const tags = page.getByTestId("excluded-tags");
    await tags.getByRole("button", { name: "Furry", exact: true }).click();
    await expect(tags.getByText("You have unsaved changes")).toBeVisible();
    await tags.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Tags have been updated.");
    await expect(tags.getByText("You have unsaved changes")).toBeHidden();
    const content = page.getByTestId("excluded-content");
    await content.getByRole("button", { name: "Violence" }).click();
    await expect(content.getByText("You have unsaved changes")).toBeVisible();
    await content.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Content tags have been updated.");
    await page.reload();
    await expect(page.getByTestId("excluded-tags").getByRole("button", { name: "Furry", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("excluded-content").getByRole("button", { name: "Violence" })).toHaveAttribute("aria-pressed", "true");
  });

  test("preference toggles apply at once and persist; Chat Layout is hidden on mobile", async ({ page }) => {
    await login(page, freshEmail("prefs"));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/account");
    const prefs = page.getByTestId("preferences-card");
    const save = page.waitForResponse((r) => isApiCall(r.url(), "/api/preference") && r.status() === 200);
    await prefs.getByRole("group", { name: "Safe Images" }).getByRole("button", { name: "Yes" }).click();
    await save;
    await expect(prefs.getByRole("group", { name: "Safe Images" }).getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true");
    const layout = page.waitForResponse((r) => isApiCall(r.url(), "/api/preference") && r.status() === 200);
    await prefs.getByRole("group", { name: "Chat Layout" }).getByRole("button", { name: "Right" }).click();
    await layout;
    const me = await (await page.request.get("/api/me")).json();
    expect(me.user.UserPreference).toMatchObject({ showNsfwThumbnails: false, chatLayout: "Right" });
    await page.reload();
    await expect(prefs.getByRole("group", { name: "Safe Images" }).getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(prefs.getByRole("group", { name: "Chat Layout" })).toBeHidden();
  });

  test("every preference toggle saves its value", async ({ page }) => {
    await login(page, freshEmail("toggles"));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/account");
    const prefs = page.getByTestId("preferences-card");
    const clicks: [string, string][] = [
      ["Image style", "Realistic"],
      ["Show Images", "No"],
      ["Auto Image Generation", "Yes"],
      ["Safe Images", "Yes"],
      ["Image View", "Background"],
      ["Chat Layout", "Left"],
      ["Enter to Send", "No"],
    ];
    for (const [group, option] of clicks) {
      const saved = page.waitForResponse((r) => isApiCall(r.url(), "/api/preference") && r.status() === 200);
      await prefs.getByRole("group", { name: group }).getByRole("button", { name: option }).click();
      await saved;
    }
    const { user } = await (await page.request.get("/api/me")).json();
    expect(user.UserPreference).toMatchObject({
      imageStyle: "Realistic",
      isRealistic: true,
      showImages: false,
      autoImageGeneration: true,
      showNsfwThumbnails: false,
      mobileImageView: "Background",
      chatLayout: "Left",
      enterToSend: false,
    });
  });

  test("a ?ref= value is kept locally and saved to preferences after sign-in", async ({ page }) => {
    await page.goto("/?ref=friend-newsletter");
    expect(await page.evaluate(() => window.localStorage.getItem("referrer"))).toBe("friend-newsletter");
    await login(page, freshEmail("referred"));
    const saved = page.waitForResponse((r) => isApiCall(r.url(), "/api/preference") && r.status() === 200);
    await page.goto("/faq");
    await saved;
    const { user } = await (await page.request.get("/api/me")).json();
    expect(user.UserPreference.referrer).toBe("friend-newsletter");
  });

  test("Edit Profile: limits with counters, the leading-space rule sends nothing, only changed fields are sent", async ({ page }) => {
    await login(page, freshEmail("editor"));
    await page.goto("/account");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const sheet = page.getByTestId("edit-profile-sheet");
    const updates: string[] = [];
    page.on("request", (r) => isApiCall(r.url(), "/api/profile/update") && updates.push(r.postData() ?? ""));
    await sheet.getByLabel("Name", { exact: true }).fill(" Spacey");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect(sheet.getByRole("alert")).toHaveText("Name cannot start with a space.");
    expect(updates).toEqual([]);
    await sheet.getByLabel("Name", { exact: true }).fill("x".repeat(25));
    await expect(sheet.getByLabel("Name", { exact: true })).toHaveValue("x".repeat(20));
    await expect(sheet.getByText("20/20")).toBeVisible();
    await sheet.getByLabel("Name", { exact: true }).fill("Nova");
    await sheet.getByLabel("Description").fill("Night owl, tea drinker.");
    await expect(sheet.getByText("23/200")).toBeVisible();
    await expect(sheet.getByText("Keep it short and simple. (Max 50 characters)")).toBeVisible();
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your profile has been updated.");
    expect(JSON.parse(updates[0])).toEqual({ name: "Nova", description: "Night owl, tea drinker." });
    await expect(page.getByTestId("account-header").getByRole("heading", { name: "Nova" })).toBeVisible();
  });

  test("connecting a Patreon email by code adds the connection", async ({ page }) => {
    const patreon = freshEmail("patreon");
    await login(page, freshEmail("connect"));
    await page.goto("/account");
    await page.getByTestId("membership-help").getByText("How do I get membership access?").click();
    await page.getByRole("button", { name: "Connect Patreon" }).click();
    const sheet = page.getByTestId("connect-sheet");
    await sheet.getByLabel("Patreon email").fill(patreon);
    await sheet.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("toast")).toContainText("Code sent to your Patreon email");
    const { code } = await lastMailTo(page.request, patreon);
    await sheet.getByLabel("Code").fill(code);
    await sheet.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByTestId("toast")).toContainText("Connected!");
    await expect(page.getByTestId("connections-card")).toContainText(patreon, { timeout: 10_000 });
  });

  test("deleting the account locks the page, confirms, then signs out after 6 seconds", async ({ page }) => {
    const email = freshEmail("leaver");
    await login(page, email);
    await page.goto("/account");
    await page.evaluate(() => window.localStorage.setItem("samplerSettings", "{}"));
    await page.getByRole("button", { name: "Delete your account" }).click();
    await page.getByTestId("delete-confirm").getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByTestId("deleting")).toHaveText("Your account is being deleted. Please don't close or refresh this page.");
    await expect(page.getByTestId("account-header")).toHaveCount(0);
    await expect(page.getByTestId("toast")).toContainText("Account deleted");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible({ timeout: 12_000 });
    expect(await page.evaluate(() => window.localStorage.getItem("samplerSettings"))).toBeNull();
    expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  });
});

test.describe("personas page", () => {
  for (const width of [390, 1280])
    test(`create, make default, edit and delete (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, freshEmail("persona"));
      await page.goto("/personas");
      const form = page.getByTestId("new-persona");
      await form.getByLabel("Name").fill("Captain");
      await form.getByLabel("Persona").fill("A retired sky captain.");
      await expect(form.getByText("22/1000")).toBeVisible();
      await form.getByRole("button", { name: "Create persona" }).click();
      await expect(page.getByTestId("persona-item")).toHaveCount(1);
      await form.getByLabel("Name").fill("Scholar");
      await form.getByLabel("Persona").fill("A sleepy scholar.");
      await form.getByRole("button", { name: "Create persona" }).click();
      await expect(page.getByTestId("persona-item")).toHaveCount(2);
      const first = page.getByTestId("persona-item").filter({ hasText: "Captain" });
      const second = page.getByTestId("persona-item").filter({ hasText: "Scholar" });
      await expect(first.getByText("Default", { exact: true })).toBeVisible();
      await second.getByRole("button", { name: "Make default" }).click();
      await expect(second.getByText("Default", { exact: true })).toBeVisible();
      await expect(first.getByText("Default", { exact: true })).toHaveCount(0);
      await first.getByRole("button", { name: "Edit" }).click();
      await first.getByLabel("Name").fill("Admiral");
      await first.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByTestId("toast")).toContainText("Persona updated");
      await expect(page.getByTestId("persona-item").filter({ hasText: "Admiral" })).toBeVisible();
      await page.getByTestId("persona-item").filter({ hasText: "Admiral" }).getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId("persona-item")).toHaveCount(1);
    });
});

test("the active persona can be edited from the account page", async ({ page }) => {
  await login(page, freshEmail("persona-sheet"));
  await page.request.post("/api/personas", { data: { name: "Wanderer", persona: "Walks a lot." }, headers: { origin: "http://127.0.0.1:8788" } });
  await page.goto("/account");
  await expect(page.getByTestId("active-persona")).toContainText("Chatting as Wanderer");
  await page.getByRole("button", { name: "Edit persona" }).click();
  const sheet = page.getByTestId("edit-persona-sheet");
  await sheet.getByLabel("Persona").fill("Walks a lot, talks a little.");
  await sheet.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Persona updated");
  await expect(page.getByTestId("active-persona")).toContainText("Walks a lot, talks a little.");
});

test("a failed deletion unlocks the page and says whom to contact", async ({ page, consoleErrors }) => {
  await login(page, freshEmail("stayer"));
  await page.goto("/account");
  await page.route("**/api/admin/user/delete/**", (route) => route.fulfill(fetcherFailure(500, "server_error", "Something went wrong.")));
  await page.getByRole("button", { name: "Delete your account" }).click();
  await page.getByTestId("delete-confirm").getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByTestId("toast")).toContainText("Couldn't delete your account. Please contact me at support@reverie.example");
  await expect(page.getByTestId("account-header")).toBeVisible();
  expect((await (await page.request.get("/api/auth/session")).json()).user).toBeTruthy();
  // The browser logs the 500 this test forced; nothing else may be logged.
  const forced = consoleErrors.findIndex((e) => /status of 500/.test(e));
  expect(forced).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(forced, 1);
});

test("a public profile shows name, description and public characters, never the email", async ({ page }) => {
  const response = await page.goto("/profile/demogold00000000");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Goldie" })).toBeVisible();
  await expect(page.getByText("Demo GOLD account.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Public characters" })).toBeVisible();
  expect(await page.content()).not.toContain("gold@example.com");
});

for (const width of [390, 1280]) {
  test(`account and personas have no serious axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, "silver@example.com");
    for (const path of ["/account", "/personas", "/profile/demosilver000000"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
}
