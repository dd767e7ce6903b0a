import { expect, fresh, login, test } from "./fixtures";

// Reset times read in the person's own locale and time zone (issue 24), not the server's UTC.
test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

test("the message and picture allowances say when they reset in the person's time zone", async ({ page }) => {
  await login(page, fresh("local-time"));
  await page.goto("/account");
  const messages = page.getByTestId("allowance-card").locator("time");
  // Berlin in winter is MEZ; the server's own words would say UTC.
  await expect(messages).toHaveText(/MEZ/);
  await expect(messages).not.toHaveText(/UTC/);

  await page.goto("/images/playground");
  const pictures = page.getByTestId("image-allowance").locator("time");
  await expect(pictures).toHaveText(/MEZ/);
  // The written moment is the same instant the server sent.
  const iso = await pictures.getAttribute("datetime");
  const berlin = new Intl.DateTimeFormat("de-DE", { hour: "numeric", minute: "2-digit", timeZone: "Europe/Berlin" }).format(new Date(iso!));
  await expect(pictures).toContainText(berlin);
});
