import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { generatedImages, messages, reports, savedChats, stories } from "~/db/schema";
import worker from "../../../server";
import { signInByEmail, Client, signedIn } from "../support/client";
import { insertCharacter, insertUser, testDb } from "../support/fixtures";

// A day long past, so users and chats other tests make today do not count in it.
const DAY = Date.UTC(2026, 0, 10);
const at = (hours: number) => new Date(DAY + hours * 3_600_000);

async function runCron(scheduledTime: number) {
  await worker.scheduled!(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env);
}

const row = () => env.DB.prepare("SELECT * FROM daily_stats WHERE day = '2026-01-10'").first<Record<string, unknown>>();

beforeAll(async () => {
  const ada = await insertUser({ email: "rollup-ada@example.com", createdAt: at(1) });
  const bo = await insertUser({ email: "rollup-bo@example.com", createdAt: at(2), tier: "GOLD", isSubscriptionActive: true });
  await insertUser({ email: "rollup-cy@example.com", createdAt: at(3) });
  await insertUser({ email: "rollup-earlier@example.com", createdAt: new Date(DAY - 3_600_000) });
  await insertCharacter({ id: "rollupchar000001", userId: ada, name: "Quill" });
  const db = testDb();
  await db.insert(savedChats).values([
    { id: "rollupchat000001", userId: ada, characterId: "rollupchar000001", title: "", createdAt: at(4) },
    { id: "rollupchat000002", userId: bo, characterId: "rollupchar000001", title: "", createdAt: at(5) },
  ]);
  await db.insert(messages).values([
    { id: "rollupmsg0000001", chatId: "rollupchat000001", role: "character", content: "Hello.", createdAt: at(4) },
    { id: "rollupmsg0000002", chatId: "rollupchat000001", parentId: "rollupmsg0000001", role: "user", content: "Hi!", createdAt: at(4) },
    { id: "rollupmsg0000003", chatId: "rollupchat000001", parentId: "rollupmsg0000002", role: "character", content: "Welcome.", createdAt: at(4) },
    { id: "rollupmsg0000004", chatId: "rollupchat000002", role: "character", content: "Hello.", createdAt: at(5) },
    { id: "rollupmsg0000005", chatId: "rollupchat000002", parentId: "rollupmsg0000004", role: "user", content: "Hey.", createdAt: at(5) },
    { id: "rollupmsg0000006", chatId: "rollupchat000002", parentId: "rollupmsg0000005", role: "character", content: "", status: "failed", createdAt: at(5) },
  ]);
  await db.insert(stories).values({ userId: bo, title: "A tale", characterIds: ["rollupchar000001"], genre: "Fantasy", createdAt: at(6) });
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
