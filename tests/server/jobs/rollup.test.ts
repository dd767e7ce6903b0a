import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dailyCharacterChats, generatedImages, reports } from "~/db/schema";
import type { ActivityEvent } from "~/models/activity-events.server";
import { dayKey } from "~/lib/day-key";
import worker from "../support/worker";
import { signInByEmail, Client, signedIn, meId } from "../support/client";
import { insertCharacter, insertUser, testDb } from "../support/fixtures";

// A day long past, so users and chats other tests make today do not count in it.
const DAY = Date.UTC(2026, 0, 10);
const at = (hours: number) => new Date(DAY + hours * 3_600_000);

async function runCron(scheduledTime: number) {
  await worker.scheduled!(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env);
}

/** A batch on the EVENTS queue, delivered to the Worker's real consumer. */
async function deliverEvents(bodies: unknown[]) {
  const batch = createMessageBatch<unknown>(
    "reverie-events",
    bodies.map((body, i) => ({ id: `ev${i}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  await worker.queue!(batch, env);
  return await getQueueResult(batch, createExecutionContext());
}

const row = () => env.DB.prepare("SELECT * FROM daily_stats WHERE day = '2026-01-10'").first<Record<string, unknown>>();

beforeAll(async () => {
  const ada = await insertUser({ email: "rollup-ada@example.com", createdAt: at(1) });
  const bo = await insertUser({ email: "rollup-bo@example.com", createdAt: at(2), tier: "GOLD", isSubscriptionActive: true });
  await insertUser({ email: "rollup-cy@example.com", createdAt: at(3) });
  await insertUser({ email: "rollup-earlier@example.com", createdAt: new Date(DAY - 3_600_000) });
  await insertCharacter({ id: "rollupchar000001", userId: ada, name: "Quill" });
  const db = testDb();
  await db.insert(dailyCharacterChats).values({ day: "2026-01-10", characterId: "rollupchar000001", chats: 2 });
  // Ada sends a message and gets a reply; Bo sends one whose reply fails, starts a story and plays a
  // turn of it; a malformed event is dropped. The events come in one batch, as the queue delivers them.
  const events: (ActivityEvent | Record<string, unknown>)[] = [
    { kind: "sent", userId: ada, at: at(4).getTime() },
    { kind: "reply", userId: ada, at: at(4).getTime() },
    { kind: "sent", userId: bo, at: at(5).getTime() },
    { kind: "reply", userId: bo, at: at(5).getTime() },
    { kind: "reply_failed", userId: bo, at: at(5).getTime() },
    { kind: "story", userId: bo, at: at(6).getTime() },
    { kind: "turn", userId: bo, at: at(6).getTime() },
    // Two Upgrade presses: a guest's and Ada's; neither makes anyone active.
    { kind: "upgrade", at: at(6).getTime() },
    { kind: "upgrade", userId: ada, at: at(6).getTime() },
    { kind: "shouted", userId: bo },
  ];
  expect((await deliverEvents(events)).ackAll).toBe(true);
  await db.insert(generatedImages).values({ userId: ada, prompt: "a quill", model: "anime", r2Key: "images/x.png", createdAt: at(7) });
  await db.insert(reports).values({ reporterId: bo, targetType: "character", targetId: "rollupchar000001", reason: "spam" });
});

describe("the daily rollup (cron trigger)", () => {
  it("counts the day's signups, active users, messages, failed replies, stories and pictures, and the state now", async () => {
    await runCron(at(12).getTime());
    expect(await row()).toMatchObject({
      signups: 3,
      active_users: 2,
      messages_sent: 2,
      replies: 2,
      replies_failed: 1,
      stories_made: 1,
      upgrade_clicks: 2,
      images_made: 1,
      open_reports: 1,
    });
    expect(Number((await row())!.paying_users)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(String((await row())!.top_characters))).toEqual([{ id: "rollupchar000001", name: "Quill", chats: 2 }]);
  });

  it("is idempotent: running it again for the same day writes the same figures in the same single row", async () => {
    const first = await row();
    await runCron(at(13).getTime());
    await runCron(at(13).getTime());
    const again = await row();
    expect({ ...again, updated_at: 0 }).toEqual({ ...first, updated_at: 0 });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM daily_stats WHERE day = '2026-01-10'").first("n")).toBe(1);
  });

  it("finishes yesterday after it ends, and fills in missing earlier days, marked as filled in later", async () => {
    await runCron(Date.UTC(2026, 0, 11, 0, 5));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM daily_stats WHERE day IN ('2026-01-10', '2026-01-11')").first("n")).toBe(2);
    expect(Number((await row())!.updated_at)).toBe(Date.UTC(2026, 0, 11, 0, 5));
    expect(await env.DB.prepare("SELECT is_backfill FROM daily_stats WHERE day = '2026-01-09'").first("is_backfill")).toBe(1);
    expect((await row())!.is_backfill).toBe(0);
  });
});

describe("the figures through the app (decision 028)", () => {
  it("a chat started counts for its character today; a reply sends its events to the EVENTS consumer, which adds them up", async () => {
    const owner = await insertUser({ email: "rollup-owner@example.com" });
    await insertCharacter({ id: "rollupchar000002", userId: owner, name: "Wren" });
    const today = dayKey(Date.now());
    const chats = () =>
      env.DB.prepare("SELECT chats FROM daily_character_chats WHERE day = ? AND character_id = 'rollupchar000002'").bind(today).first<number>("chats");
    const reader = await signedIn("rollup-reader@example.com");
    const readerId = await meId(reader);
    await reader.fetch("/api/chats/rollupchar000002");
    expect(await chats()).toBe(1);

    const sentBefore = await env.DB.prepare("SELECT coalesce(sum(count), 0) AS n FROM daily_activity WHERE day = ? AND metric = 'messages_sent'")
      .bind(today)
      .first<number>("n");
    const sent = await reader.postJson("/api/chats/rollupchar000002/messages", { content: "Hello, Wren." });
    expect(sent.status).toBe(200);
    await sent.text();
    // The real consumer (wrangler.toml: a batch at most every 5 s) adds the events up.
    const active = () => env.DB.prepare("SELECT count(*) AS n FROM daily_active_users WHERE day = ? AND user_id = ?").bind(today, readerId).first<number>("n");
    for (let i = 0; i < 100 && (await active()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await active()).toBe(1);
    const sentAfter = await env.DB.prepare("SELECT coalesce(sum(count), 0) AS n FROM daily_activity WHERE day = ? AND metric = 'messages_sent'")
      .bind(today)
      .first<number>("n");
    expect(sentAfter! - sentBefore!).toBeGreaterThanOrEqual(1);
    // The creator's hub counts the character's messages from the same events: the one sent and its reply.
    expect(await env.DB.prepare("SELECT message_count AS n FROM characters WHERE id = 'rollupchar000002'").first("n")).toBe(2);
  }, 20_000);

  it("an Upgrade press reaches the figures through POST /api/events, from guests and members alike; anything else is refused", async () => {
    const today = dayKey(Date.now());
    const clicks = () =>
      env.DB.prepare("SELECT coalesce(sum(count), 0) AS n FROM daily_activity WHERE day = ? AND metric = 'upgrade_clicks'").bind(today).first<number>("n");
    const before = (await clicks())!;
    // As the beacon sends it: text/plain, no CSRF token.
    const beacon = (client: Client, body: object) =>
      client.fetch("/api/events", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(body) });
    expect((await beacon(new Client(), { kind: "upgrade_click", from: "composer" })).status).toBe(204);
    expect((await beacon(await signedIn("rollup-upgrader@example.com"), { kind: "upgrade_click", from: "allowance" })).status).toBe(204);
    expect((await beacon(new Client(), { kind: "upgrade_click", from: "nowhere" })).status).toBe(400);
    expect((await beacon(new Client(), { kind: "signup" })).status).toBe(400);
    for (let i = 0; i < 100 && (await clicks())! < before + 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await clicks())! - before).toBe(2);
  }, 20_000);
});

describe("GET /api/admin/analytics", () => {
  it("gives the admin the page's figures as JSON; a moderator gets 403", async () => {
    await insertUser({ id: env.ADMIN_USER_ID, email: "rollup-admin@example.com" });
    const admin = new Client();
    await signInByEmail(admin, "rollup-admin@example.com");
    const answer = (await (await admin.fetch("/api/admin/analytics")).json()) as { figures: { key: string; points: { day: string; value: number }[] }[] };
    const failed = answer.figures.find((f) => f.key === "repliesFailed")!;
    expect(failed.points.find((p) => p.day === "2026-01-10")!.value).toBe(50);
    const moderator = await signedIn("rollup-mod@example.com");
    await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = 'rollup-mod@example.com'").run();
    expect((await moderator.fetch("/api/admin/analytics")).status).toBe(403);
  });
});
