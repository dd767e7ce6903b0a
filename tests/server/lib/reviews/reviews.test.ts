import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, meId, putJson, signedIn } from "../../support/client";
import { insertCharacter, insertChat, insertUser } from "../../support/fixtures";

// Ratings and reviews (issue 64): only after 5 messages, only of someone else's public character; the
// average is kept in the character's row and stays exact under parallel rates; the creator replies
// once; a reported review reaches Mod Central, and a moderator's removal is logged.
const ORIGIN = "http://127.0.0.1";
const CHARACTER = "reviewchar000001";
const PRIVATE = "reviewchar000002";
let creatorId: string;

const rate = (client: Client, body: unknown, id = CHARACTER) => putJson(client, `/api/characters/${id}/review`, body);
const unrate = (client: Client, id = CHARACTER) => client.fetch(`/api/characters/${id}/review`, { method: "DELETE", headers: { origin: ORIGIN } });
const row = async (id = CHARACTER) =>
  (await env.DB.prepare("SELECT rating_count AS count, rating_sum AS sum FROM characters WHERE id = ?").bind(id).first<{ count: number; sum: number }>())!;
const reviewsOf = async (client: Client, page = 1) => (await (await client.fetch(`/api/characters/${CHARACTER}/reviews?page=${page}`)).json()) as any;

/** Someone who wrote `sent` messages to the character (and got replies). */
async function chatter(email: string, sent: number, characterId = CHARACTER) {
  const client = await signedIn(email);
  const messages = Array.from({ length: sent }, (_, n) => [
    { role: "user" as const, content: `Hello number ${n}` },
    { role: "character" as const, content: `Reply number ${n}` },
  ]).flat();
  await insertChat({ userId: await meId(client), characterId, messages });
  return client;
}

beforeAll(async () => {
  creatorId = await insertUser({ email: "review-creator@example.com", name: "Mira Quill" });
  await insertCharacter({ id: CHARACTER, userId: creatorId, name: "Archivist Sable", greeting: "Welcome." });
  await insertCharacter({ id: PRIVATE, userId: creatorId, name: "Drafted Oren", greeting: "Hm.", isPublic: false });
});

describe("ratings and reviews (issue 64)", () => {
  it("refuses a rating before 5 messages, of one's own character, and of a private one", async () => {
    const early = await chatter("review-early@example.com", 4);
    const refused = await rate(early, { rating: 5 });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as any;
    expect(body.error.message).toContain("after 5 messages (you have sent 4)");
    expect((await row()).count).toBe(0);
    // The Overview says how far they are.
    expect(await reviewsOf(early)).toMatchObject({ canRate: true, sent: 4, mine: null });

    const creator = await signedIn("review-creator@example.com");
    expect((await rate(creator, { rating: 5 })).status).toBe(403);
    const stranger = await chatter("review-stranger@example.com", 6, PRIVATE);
    expect((await rate(stranger, { rating: 5 }, PRIVATE)).status).toBe(404);
    expect((await rate(new Client(), { rating: 5 })).status).toBe(401);
  });

  it("answers bad input with a clear 400 and stores nothing", async () => {
    const ana = await chatter("review-bad@example.com", 5);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: "five" }, {}]) {
      const response = await rate(ana, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error.message).toContain("Pick a rating from 1 to 5 stars.");
    }
    const long = await rate(ana, { rating: 4, text: "a".repeat(1001) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as any).error.message).toContain("under 1,000 characters");
    // The same safety screen as every text.
    const unsafe = await rate(ana, { rating: 4, text: "She is a 12 year old girl and the story gets sexual." });
    expect(unsafe.status).toBe(400);
    // Refused by the offline screen as the field's rule, and recorded for Mod Central under its field.
    const event = await env.DB.prepare("SELECT source FROM screen_events WHERE field = 'review.text'").first<{ source: string }>();
    expect(event?.source).toBe("offline");
    expect((await row()).count).toBe(0);
  });

  it("rates, re-rates and deletes, with the average kept in the row", async () => {
    const bo = await chatter("review-bo@example.com", 5);
    const first = await rate(bo, { rating: 4, text: "A patient, clever archivist." });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ count: 1, average: 4 });
    expect(await (await rate(bo, { rating: 2 })).json()).toEqual({ count: 1, average: 2 });
    const listed = await reviewsOf(bo);
    expect(listed.mine).toMatchObject({ rating: 2, text: "", isMine: true });
    expect(await (await unrate(bo)).json()).toEqual({ count: 0, average: 0 });
    expect(await (await unrate(bo)).json()).toEqual({ count: 0, average: 0 });
    expect(await row()).toEqual({ count: 0, sum: 0 });
  });

  it("20 people rating at once keep the count and the average exact, and so do 20 changes at once", async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, n) => chatter(`review-fan-${n}@example.com`, 5)));
    const ratings = people.map((_, n) => (n % 5) + 1);
    const answers = await Promise.all(people.map((p, n) => rate(p, { rating: ratings[n], text: `Fan ${n} says hello.` })));
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(await row()).toEqual({ count: 20, sum: ratings.reduce((a, b) => a + b, 0) });
    // Everyone changes to 5 at once, twice over: still 20 ratings, all fives.
    await Promise.all(people.flatMap((p) => [rate(p, { rating: 5 }), rate(p, { rating: 5 })]));
    expect(await row()).toEqual({ count: 20, sum: 100 });
    const page1 = await reviewsOf(people[0]);
    expect(page1.rating).toEqual({ count: 20, average: 5 });
    expect(page1.reviews).toHaveLength(10);
    expect(page1.hasNext).toBe(true);
    const page2 = await reviewsOf(people[0], 2);
    expect(page2.reviews).toHaveLength(10);
    expect(page2.hasNext).toBe(false);
    const ids = [...page1.reviews, ...page2.reviews].map((r: any) => r.id);
    expect(new Set(ids).size).toBe(20);
    // Newest first.
    const times = [...page1.reviews, ...page2.reviews].map((r: any) => Date.parse(r.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    await Promise.all(people.map((p) => unrate(p)));
    expect(await row()).toEqual({ count: 0, sum: 0 });
  });

  it("the creator replies once; nobody else can", async () => {
    const cy = await chatter("review-cy@example.com", 5);
    await rate(cy, { rating: 3, text: "Good, but slow to warm up." });
    const { mine } = await reviewsOf(cy);
    const creator = await signedIn("review-creator@example.com");
    expect((await putJson(cy, `/api/reviews/${mine.id}/reply`, { text: "Thanks!" }, "POST")).status).toBe(403);
    expect((await putJson(creator, `/api/reviews/${mine.id}/reply`, { text: "" }, "POST")).status).toBe(400);
    const replied = await putJson(creator, `/api/reviews/${mine.id}/reply`, { text: "Thank you, I'll make her warmer." }, "POST");
    expect(replied.status).toBe(200);
    const again = await putJson(creator, `/api/reviews/${mine.id}/reply`, { text: "One more thing." }, "POST");
    expect(again.status).toBe(409);
    expect((await reviewsOf(cy)).mine).toMatchObject({ reply: "Thank you, I'll make her warmer.", creatorName: "Mira Quill" });
    const creatorView = await reviewsOf(creator);
    expect(creatorView).toMatchObject({ isCreator: true, canRate: false });
  });

  it("a reported review reaches Mod Central; a moderator's removal takes its rating out and is logged", async () => {
    const dee = await chatter("review-dee@example.com", 5);
    await rate(dee, { rating: 1, text: "Spam spam buy my thing" });
    const { mine } = await reviewsOf(dee);
    const reporter = await chatter("review-reporter@example.com", 1);
    expect((await putJson(reporter, "/api/reports", { targetType: "review", targetId: mine.id, reason: "spam" }, "POST")).status).toBe(201);
    // Nobody reports their own review.
    expect((await putJson(dee, "/api/reports", { targetType: "review", targetId: mine.id, reason: "spam" }, "POST")).status).toBe(404);
    const mod = await signedIn("review-mod@example.com");
    await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = 'review-mod@example.com'").run();
    const queue = (await (await mod.fetch("/api/mods/reports")).json()) as any;
    const item = queue.reports.find((i: any) => i.targetId === mine.id);
    expect(item).toMatchObject({ targetType: "review", message: { content: "Spam spam buy my thing" }, character: { name: "Archivist Sable" } });
    expect((await putJson(reporter, `/api/reviews/${mine.id}`, { reason: "spam" }, "DELETE")).status).toBe(403);
    const removed = await putJson(mod, `/api/reviews/${mine.id}`, { reason: "Spam" }, "DELETE");
    expect(removed.status).toBe(200);
    expect(await row()).toMatchObject({ count: 1 });
    const log = await env.DB.prepare("SELECT action, reason FROM moderation_log WHERE target_id = ?").bind(mine.id).first();
    expect(log).toEqual({ action: "review.remove", reason: "Spam" });
    const report = await env.DB.prepare("SELECT status FROM reports WHERE target_id = ?").bind(mine.id).first<{ status: string }>();
    expect(report?.status).toBe("resolved");
    expect((await putJson(mod, `/api/reviews/${mine.id}`, { reason: "Spam" }, "DELETE")).status).toBe(404);
    // Its author can't simply post it again: the Overview says why, and a new rating is refused.
    const after = await reviewsOf(dee);
    expect(after).toMatchObject({ mine: null, canRate: false, removedByModerator: true });
    const again = await rate(dee, { rating: 1, text: "Spam again" });
    expect(again.status).toBe(403);
    expect(((await again.json()) as any).error.message).toBe("A moderator removed your review of this character, so you can't rate it again.");
    expect(await row()).toMatchObject({ count: 1 });
  });
});
