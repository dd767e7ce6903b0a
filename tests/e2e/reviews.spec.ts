import AxeBuilder from "@axe-core/playwright";
import { expect, fresh, isApiCall, login, messages, person, send, test } from "./fixtures";

// Ratings and reviews (issue 64): a reader who sent a character 5 messages rates and reviews it from
// its Overview and sees the average change; its creator replies once, under the review.
const origin = { origin: "http://127.0.0.1:8788" };

for (const width of [390, 1280]) {
  test(`rate and review a character after 5 messages; the creator replies (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const creator = await person(browser, width, fresh("review-creator"));
    const name = `Sorrel ${Date.now().toString(36)}`;
    const made = await creator.request.post("/api/characters", {
      data: { name, greeting: "The tea is still warm.", persona: "A tea merchant." },
      headers: origin,
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await creator.request.put(`/api/characters/${id}/publish`, { data: { isPublic: true }, headers: origin })).status()).toBe(200);

    // A subscriber (the tests' free allowance is 3 messages) chats: after 4 messages rating is not open yet.
    await page.setViewportSize({ width, height: 900 });
    await login(page, "gold@example.com");
    await page.goto(`/characters/chat/${id}`);
    await expect(messages(page).first()).toBeVisible();
    const sendOne = async (n: number) => {
      await send(page, `Tell me about blend number ${n}.`);
      await expect(messages(page).nth(-2)).toContainText(`blend number ${n}.`);
      await expect(messages(page).last()).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
    };
    for (let n = 1; n <= 4; n++) await sendOne(n);
    await page.getByTestId("chat-character-name").click();
    const overview = page.getByTestId("details-overview");
    await expect(overview.getByTestId("rate-after")).toContainText("(4/5)");
    await expect(overview.getByTestId("rating-average")).toHaveText("No ratings yet");
    await page.keyboard.press("Escape");

    await sendOne(5);
    await page.getByTestId("chat-character-name").click();
    const form = overview.getByRole("form", { name: "Your review" });
    await form.locator("label", { hasText: "4 stars" }).click();
    await form.getByLabel("Review (optional)").fill("Calm and kind, and she remembers my favourite blend.");
    const saved = page.waitForResponse((r) => isApiCall(r.url(), `/api/characters/${id}/review`) && r.request().method() === "PUT");
    await form.getByRole("button", { name: "Save review" }).click();
    expect((await saved).status()).toBe(200);
    await expect(overview.getByTestId("rating-average")).toHaveText("4.0 out of 5 from 1 rating");
    const review = overview.getByTestId("review").filter({ hasText: "remembers my favourite blend" });
    await expect(review.getByRole("img", { name: "4 stars" })).toBeVisible();
    // With an unlit star on screen (they have to be readable too).
    const serious = (await new AxeBuilder({ page }).include('[data-testid="reviews"]').analyze()).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // Changing it moves the average, not the count.
    await form.locator("label", { hasText: "5 stars" }).click();
    await form.getByRole("button", { name: "Update review" }).click();
    await expect(overview.getByTestId("rating-average")).toHaveText("5.0 out of 5 from 1 rating");
    await overview.getByTestId("reviews").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/reviews-${width}.png` });

    // The creator's bell says so (on a phone, the chat's header leaves it to the other pages); opening it marks it read.
    await creator.goto("/characters/creator-hub");
    const bell = creator.getByTestId("notification-bell");
    await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");
    await bell.click();
    await expect(creator.getByTestId("notification").first()).toContainText(`rated ${name} 4 stars.`);
    await creator.screenshot({ path: `test-results/screens/notifications-${width}.png` });
    await expect(bell).toHaveAttribute("aria-label", "Notifications");
    await creator.keyboard.press("Escape");

    // The creator replies once; the reply shows under the review for everyone.
    await creator.goto(`/characters/chat/${id}`);
    await creator.getByTestId("chat-character-name").click();
    const creatorReview = creator.getByTestId("details-overview").getByTestId("review").filter({ hasText: "remembers my favourite blend" });
    await creatorReview.getByRole("button", { name: "Reply" }).click();
    await creatorReview.getByLabel("Your reply").fill("Thank you! Come back for the winter blend.");
    await creatorReview.getByRole("button", { name: "Send reply" }).click();
    await expect(creatorReview.getByTestId("review-reply")).toContainText("Come back for the winter blend.");
    await expect(creatorReview.getByRole("button", { name: "Reply" })).toHaveCount(0);
    await creator.screenshot({ path: `test-results/screens/review-reply-${width}.png` });

    // The reader deletes their review: the average is gone again.
    await page.reload();
    await page.getByTestId("chat-character-name").click();
    await expect(overview.getByTestId("review-reply")).toContainText("Come back for the winter blend.");
    await overview.getByRole("button", { name: "Delete my review" }).click();
    await expect(overview.getByTestId("rating-average")).toHaveText("No ratings yet");
    await creator.context().close();
  });
}
