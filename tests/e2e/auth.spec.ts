import type { Page } from "@playwright/test";
import { expect, lastMailTo, test, waitForHydration } from "./fixtures";

test.describe("sign-in", () => {
  test("the header's Sign In opens the dialog, which does not take focus, with the sign-in methods this server has", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByTestId("sign-in-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expect(dialog.getByText("Enter your email, and we'll send a magic link to your inbox. Our sign in process is passwordless.")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeVisible();
    await expect(dialog.getByLabel("Email")).not.toBeFocused();
    await expect(dialog.getByText("OR", { exact: true })).toBeVisible();
    // Only providers this server has credentials for get a button (the browser tests configure Discord).
    await expect(dialog.getByRole("button", { name: "Continue with Discord" })).toBeVisible();
    for (const name of ["Continue with Google", "Continue with Patreon"]) await expect(dialog.getByRole("button", { name })).toHaveCount(0);
    for (const name of ["Terms of Service", "Privacy Policy"]) await expect(dialog.getByRole("link", { name })).toHaveAttribute("target", "_blank");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The FAQ names the same ways in, and no other (issue 61).
    const answer = page.locator("p", { hasText: "No password is needed." });
    await expect(answer).toContainText("You can also choose Continue with Discord.");
    await expect(answer).not.toContainText("Google");
    await expect(answer).not.toContainText("Patreon");
  });

  test("by magic link from the dev outbox, returning to the page it started on", async ({ page }) => {
    await page.goto("/rules");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("sign-in-dialog").getByLabel("Email").fill("magic-reader@example.com");
    await page.getByTestId("sign-in-dialog").getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText("magic-reader@example.com")).toBeVisible();
    const { link } = await lastMailTo(page.request, "magic-reader@example.com");
    await page.goto(link);
    await expect(page).toHaveURL(/\/rules$/);
    await expect(page.getByTestId("header-user")).toBeVisible();
  });

  /** The no-JavaScript sign-in page: the email, then the code from the mail (or a wrong one). */
  async function enterCode(page: Page, email: string, query: string, wrong = false) {
    await page.goto(`/api/auth/signin${query}`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    // The form posts without JavaScript, so the code page is a new document: let React finish with it
    // first (a native submit in the middle of hydration trips React's "Root did not complete").
    await page.waitForURL(/\/api\/auth\/verify-request/);
    await waitForHydration(page);
    const { code } = await lastMailTo(page.request, email);
    await page.getByLabel("Code").fill(!wrong ? code : code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  test("by the 6-digit code", async ({ page }) => {
    await enterCode(page, "code-reader@example.com", "?callbackUrl=%2Fpricing");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId("header-user")).toBeVisible();
  });

  test("a wrong code says so and keeps the user signed out", async ({ page }) => {
    await enterCode(page, "typo@example.com", "", true);
    await expect(page.getByRole("alert")).toHaveText("That code is not right. 4 tries left.");
  });

  test("with an OAuth provider against a local OAuth2 server", async ({ page }) => {
    await page.goto("/tips-tricks");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Continue with Discord" }).click();
    await expect(page).toHaveURL(/\/tips-tricks$/);
    await expect(page.getByTestId("header-user")).toContainText("OAuth Fan");
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session.user.email).toBe("oauth-user@example.com");
  });

  test("a provider without configuration has no button, and a hand-made request to it gets a clear error page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    const token = page.getByTestId("sign-in-dialog").locator("input[name=csrfToken]").first();
    await expect(token).not.toHaveValue("");
    await page.evaluate(
      (csrfToken) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/api/auth/signin/google";
        for (const [name, value] of Object.entries({ csrfToken, callbackUrl: "/" })) {
          const input = document.createElement("input");
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      },
      await token.inputValue(),
    );
    await expect(page.getByRole("heading", { name: "We couldn't sign you in" })).toBeVisible();
    await expect(page.getByText("This sign-in provider is not configured on this server.")).toBeVisible();
  });

  test("a page that needs a user sends guests to sign in and back", async ({ page }) => {
    await page.goto("/personas");
    await expect(page).toHaveURL(/\/api\/auth\/signin\?error=SessionRequired&callbackUrl=%2Fpersonas/);
    await expect(page.getByRole("alert")).toHaveText("Please sign in to see this page.");
  });
});

test("signing out in one tab signs out the other", async ({ context }) => {
  const { login } = await import("./fixtures");
  const first = await context.newPage();
  const second = await context.newPage();
  await login(first, "two-tabs@example.com");
  await first.goto("/faq");
  await second.goto("/rules");
  await Promise.all([waitForHydration(first), waitForHydration(second)]);
  await expect(second.getByTestId("header-user")).toBeVisible();
  await first.setViewportSize({ width: 1280, height: 800 });
  await first.getByTestId("sidebar").getByRole("button", { name: "Logout" }).click();
  await expect(first.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(second.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(second.getByTestId("header-user")).toBeHidden();
});
