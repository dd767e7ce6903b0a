import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { enqueueJob } from "~/models/jobs.server";
import { meId, putJson, signedIn, type Client } from "../../support/client";
import { insertCharacter, insertChat, insertUser } from "../../support/fixtures";

// The bell (issue 64): a new review tells the creator, the creator's reply tells the reviewer, a
// followed creator's new character tells the followers, a moderator's decision tells the owner; the
// unread count is read with the session and right under parallel writes; reading marks them read.
const ORIGIN = { origin: "http://127.0.0.1" };
/** The count as every page's header shows it (read with the session). */
const bell = async (client: Client) => (await (await client.fetch("/faq")).text()).match(/aria-label="(Notifications[^"]*)"/)?.[1];
const list = async (client: Client, before?: string) => (await (await client.fetch(`/api/notifications${before ? `?before=${before}` : ""}`)).json()) as any;

let creator: Client;
let creatorId: string;
let characterId: string;

beforeAll(async () => {
  creator = await signedIn("bell-creator@example.com");
  creatorId = await meId(creator);
  await env.DB.prepare("UPDATE users SET name = 'Bell Maker' WHERE id = ?").bind(creatorId).run();
});

describe("notifications (issue 64)", () => {
  it("followers hear of a new character once, when it is first published", async () => {
    const fans = await Promise.all(Array.from({ length: 3 }, (_, n) => signedIn(`bell-fan-${n}@example.com`)));
    for (const fan of fans) expect((await fan.fetch(`/api/creators/${creatorId}/follow`, { method: "POST", headers: ORIGIN })).status).toBe(200);
    const made = await creator.postJson("/api/characters", { name: "Chime Keeper Ro", greeting: "Ding." });
    characterId = ((await made.json()) as any).id;
    // Private: nobody hears yet.
    expect((await list(fans[0])).items).toHaveLength(0);
    await putJson(creator, `/api/characters/${characterId}/publish`, { isPublic: true });
    await putJson(creator, `/api/characters/${characterId}/publish`, { isPublic: false });
    await putJson(creator, `/api/characters/${characterId}/publish`, { isPublic: true });
    // Told by the notify-followers job, in the background: once, however often it was published.
    await vi.waitFor(async () => expect((await list(fans[2])).items).toHaveLength(1), { timeout: 15_000, interval: 200 });
    for (const fan of fans) {
      const { items, unread: count } = await list(fan);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ kind: "new_character", label: "Chime Keeper Ro", actorName: "Bell Maker", read: false });
      expect(count).toBe(1);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE type = 'notify-followers' AND input LIKE ?").bind(`%${characterId}%`).first("n")).toBe(1);
  });

  it("a creator with 2,500 followers: each hears once, pages of 1,000 at a time, and a job run again tells nobody twice", { timeout: 60_000 }, async () => {
    const popular = await insertUser({ email: "popular-creator@example.com", name: "Popular Pia" });
    // 2,500 followers, written straight to D1 (signing each in would take minutes).
    const fanIds = Array.from({ length: 2_500 }, (_, n) => `crowdfan${String(n).padStart(6, "0")}`);
    for (let i = 0; i < fanIds.length; i += 250) {
      const chunk = fanIds.slice(i, i + 250);
      await env.DB.batch([
        ...chunk.map((id) => env.DB.prepare("INSERT INTO users (id, email, name) VALUES (?, ?, ?)").bind(id, `${id}@example.com`, id)),
        ...chunk.map((id) => env.DB.prepare("INSERT INTO follows (follower_id, creator_id) VALUES (?, ?)").bind(id, popular)),
      ]);
    }
    await insertCharacter({ id: "crowdpleaser0001", userId: popular, name: "Crowd Pleaser", greeting: "Hello all.", isPublic: false });
    const job = await enqueueJob({ db: createDb(env.DB), env }, { type: "notify-followers", userId: null, input: { characterId: "crowdpleaser0001" } });
    const told = () => env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE character_id = 'crowdpleaser0001'").first<number>("n");
    // Still private: the job tells nobody.
    await vi.waitFor(async () => expect(await env.DB.prepare("SELECT status FROM jobs WHERE id = ?").bind(job).first("status")).toBe("completed"), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await told()).toBe(0);

    await env.DB.prepare("UPDATE characters SET is_public = 1, release_date = ? WHERE id = 'crowdpleaser0001'").bind(Date.now()).run();
    const run = async () => {
      const id = await enqueueJob({ db: createDb(env.DB), env }, { type: "notify-followers", userId: null, input: { characterId: "crowdpleaser0001" } });
      await vi.waitFor(async () => expect(await env.DB.prepare("SELECT status FROM jobs WHERE id = ?").bind(id).first("status")).toBe("completed"), {
        timeout: 30_000,
        interval: 200,
      });
    };
    // Three pages: a single statement's page would have told 1,000.
    await run();
    expect(await told()).toBe(2_500);
    await run();
    expect(await told()).toBe(2_500);
    const counts = await env.DB.prepare(
      `SELECT min(unread_notifications) AS least, max(unread_notifications) AS most FROM users WHERE id LIKE 'crowdfan%'`,
    ).first();
    expect(counts).toEqual({ least: 1, most: 1 });
  });

  it("a review tells the creator, and the reply tells the reviewer; 20 reviews at once count 20", async () => {
    const readers = await Promise.all(Array.from({ length: 20 }, (_, n) => signedIn(`bell-reader-${n}@example.com`)));
    for (const reader of readers)
      await insertChat({
        userId: await meId(reader),
        characterId,
        messages: Array.from({ length: 5 }, (_, n) => ({ role: "user" as const, content: `line ${n}` })),
      });
    const answers = await Promise.all(readers.map((r, n) => putJson(r, `/api/characters/${characterId}/review`, { rating: (n % 5) + 1 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await bell(creator)).toBe("Notifications, 20 unread");
    const page1 = await list(creator);
    expect(page1.items).toHaveLength(20);
    expect(page1.items.every((i: any) => i.kind === "review" && i.label === "Chime Keeper Ro")).toBe(true);
    // Changing a rating is not a new review, nor is deleting it and rating again.
    await putJson(readers[0], `/api/characters/${characterId}/review`, { rating: 5 });
    await readers[2].fetch(`/api/characters/${characterId}/review`, { method: "DELETE", headers: ORIGIN });
    await putJson(readers[2], `/api/characters/${characterId}/review`, { rating: 2 });
    expect((await list(creator)).unread).toBe(20);

    const { mine } = (await (await readers[1].fetch(`/api/characters/${characterId}/reviews`)).json()) as any;
    expect((await putJson(creator, `/api/reviews/${mine.id}/reply`, { text: "Thank you kindly." }, "POST")).status).toBe(200);
    const theirs = await list(readers[1]);
    expect(theirs.items[0]).toMatchObject({ kind: "reply", actorName: "Bell Maker", label: "Chime Keeper Ro" });
  });

  it("reading marks them read (some, or all), pages go back in time, and others' cannot be touched", async () => {
    const { items } = await list(creator);
    const one = await putJson(creator, "/api/notifications", { ids: [items[0].id] }, "POST");
    expect(await one.json()).toEqual({ unread: 19 });
    // Someone else cannot mark the creator's.
    const stranger = await signedIn("bell-stranger@example.com");
    expect(await (await putJson(stranger, "/api/notifications", { ids: [items[1].id] }, "POST")).json()).toEqual({ unread: 0 });
    expect((await list(creator)).unread).toBe(19);
    expect(await (await putJson(creator, "/api/notifications", { all: true }, "POST")).json()).toEqual({ unread: 0 });
    expect(await bell(creator)).toBe("Notifications");
    expect((await putJson(creator, "/api/notifications", { nothing: 1 }, "POST")).status).toBe(400);
    // 21 in all (20 reviews and the publish's none for the creator): a second page.
    await env.DB.prepare("INSERT INTO notifications (id, user_id, kind, label, created_at) VALUES ('bellold000000001', ?, 'review', 'Old', 1000)")
      .bind(creatorId)
      .run();
    const first = await list(creator);
    expect(first.next).toBeTruthy();
    const second = await list(creator, first.next);
    expect(second.items.map((i: any) => i.id)).toContain("bellold000000001");
    expect(second.items.some((i: any) => first.items.some((f: any) => f.id === i.id))).toBe(false);
  });

  it("a moderator's decision on a character tells its owner", async () => {
    const reporter = await signedIn("bell-reporter@example.com");
    await putJson(reporter, "/api/reports", { targetType: "character", targetId: characterId, reason: "tags" }, "POST");
    const modId = await insertUser({ email: "bell-mod@example.com", isModerator: true });
    expect(modId).toBeTruthy();
    const mod = await signedIn("bell-mod@example.com");
    const { reports } = (await (await mod.fetch("/api/mods/reports")).json()) as any;
    const report = reports.find((r: any) => r.targetId === characterId);
    expect((await putJson(mod, `/api/mods/reports/${report.id}/resolve`, { action: "nsfw", note: "Thumbnail" }, "POST")).status).toBe(200);
    const { items } = await list(creator);
    expect(items[0]).toMatchObject({ kind: "moderation", detail: "nsfw", label: "Chime Keeper Ro" });
  });
});
