import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { paidUsers, upvotes, favorites } from "~/db/schema";
import { handleScheduled } from "~/jobs/scheduled.server";
import { deleteAccount } from "~/models/account-deletion.server";
import { userStore } from "~/models/user-store.server";
import { dayKey } from "~/lib/day-key";
import { Client, me, meId, signedIn } from "../support/client";
import { insertCharacter, insertChat, insertPersona, insertUser, storeValue, testDb } from "../support/fixtures";

const DAY = 86_400_000;

const del = (client: Client, userId: string, headers: Record<string, string> = { origin: "http://127.0.0.1" }) =>
  client.fetch(`/api/admin/user/delete/${userId}`, { method: "DELETE", headers });

async function signedInWithId(email: string) {
  const client = await signedIn(email);
  return { client, id: await meId(client) };
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("DELETE /api/admin/user/delete/:userId", () => {
  it("deletes the account as the spec says, in D1 and R2", async () => {
    const author = await insertUser({ email: "other-author@example.com" });
    await insertCharacter({ id: "liked00000000001", userId: author, name: "Liked", upvotes: 4 });

    const { client, id } = await signedInWithId("leaving@example.com");
    // Inserting the vote rows moves the counts (5 upvotes, 1 favourite), as a real vote would.
    const stolenCookie = client.cookies.get("__session")!;
    await env.MEDIA.put("thumbnails/private-thumb.png", new Uint8Array([1, 2, 3]));
    await env.MEDIA.put("voices/private-voice.mp3", new Uint8Array([4, 5]));
    await env.MEDIA.put("thumbnails/public-thumb.png", new Uint8Array([6]));
    await insertPersona({ id: "persona000000001", userId: id, name: "Me", persona: "me" });
    await testDb().insert(upvotes).values({ userId: id, characterId: "liked00000000001" });
    await testDb().insert(favorites).values({ userId: id, characterId: "liked00000000001" });
    await insertCharacter({
      id: "private000000001",
      userId: id,
      name: "Draft",
      isPublic: false,
      thumbnail: "thumbnails/private-thumb.png",
      voiceSampleFile: "voices/private-voice.mp3",
    });
    await insertCharacter({ id: "public0000000001", userId: id, name: "Published", thumbnail: "thumbnails/public-thumb.png" });
    await insertChat({
      id: "chat000000000001",
      userId: id,
      characterId: "liked00000000001",
      title: "Our chat",
      messages: [{ id: "msg0000000000001", role: "user", content: "hello" }],
    });

    expect(await storeValue(id, "SELECT count(*) AS n FROM messages WHERE id = 'msg0000000000001'")).toBe(1);
    const response = await del(client, id);
    expect(response.status).toBe(200);

    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", id)).toBe(0);
    for (const table of ["sessions", "personas", "upvotes", "favorites", "user_preferences", "auth_accounts"])
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, id), table).toBe(0);
    // The chat lived in the user's own object, which the deletion erased.
    const messagesLeft = await runInDurableObject(userStore(env, id), (_instance, state) =>
      state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'messages'").toArray().length
        ? state.storage.sql.exec("SELECT count(*) AS n FROM messages").one().n
        : 0,
    );
    expect(messagesLeft).toBe(0);
    expect(await env.DB.prepare("SELECT upvotes, favorites FROM characters WHERE id = 'liked00000000001'").first()).toEqual({ upvotes: 4, favorites: 0 });
    expect(await count("SELECT count(*) AS n FROM characters WHERE id = 'private000000001'")).toBe(0);
    expect(await env.MEDIA.head("thumbnails/private-thumb.png")).toBeNull();
    expect(await env.MEDIA.head("voices/private-voice.mp3")).toBeNull();
    const moved = await env.DB.prepare(
      "SELECT c.user_id AS userId, u.name AS name FROM characters c JOIN users u ON u.id = c.user_id WHERE c.id = 'public0000000001'",
    ).first();
    expect(moved).toEqual({ userId: "notfound00000000", name: "Not Found" });
    expect(await env.MEDIA.head("thumbnails/public-thumb.png")).not.toBeNull();

    const replay = new Client();
    replay.cookies.set("__session", stolenCookie);
    expect(await (await replay.fetch("/api/auth/session")).json()).toEqual({});

    const again = await signedInWithId("leaving@example.com");
    expect(again.id).not.toBe(id);
    expect((await me(again.client)).UserPersonas).toEqual([]);
  });

  it("only the user themself or the admin may delete, over DELETE with CSRF", async () => {
    const target = await signedInWithId("target@example.com");
    const other = await signedInWithId("someone-else@example.com");
    expect((await del(other.client, target.id)).status).toBe(403);
    expect((await target.client.fetch(`/api/admin/user/delete/${target.id}`)).status).toBe(405);
    expect((await del(target.client, target.id, {})).status).toBe(403);
    expect((await del(target.client, target.id, { origin: "https://evil.example" })).status).toBe(403);
    expect((await del(new Client(), target.id)).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", target.id)).toBe(1);

    await insertUser({ email: "the-admin@example.com", id: env.ADMIN_USER_ID });
    const admin = await signedIn("the-admin@example.com");
    expect((await del(admin, target.id)).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", target.id)).toBe(0);
    expect((await del(admin, "notfound00000000")).status).toBe(404);
    expect((await del(admin, "bad-id")).status).toBe(404);
  });
});

describe("deletion is complete (issue 22)", () => {
  it("takes the account's speech, sign-in challenges, short links, Patreon email and reported words with it", async () => {
    const { client, id } = await signedInWithId("leaving-traces@example.com");
    // A report of one of this account's chat messages keeps a copy of its words (decision 027).
    await env.DB.prepare(
      "INSERT INTO reports (id, reporter_id, target_type, target_id, reason, target_owner_id, target_text, created_at) VALUES ('leavingreport001', NULL, 'message', 'leavingmessage01', 'other', ?, 'My own words.', ?)",
    )
      .bind(id, Date.now())
      .run();
    await env.MEDIA.put(`speech/${id}-${"b".repeat(64)}`, new Uint8Array([1]));
    await env.MEDIA.put(`speech/someoneelse00000-${"b".repeat(64)}`, new Uint8Array([1]));
    await client.postJson("/api/shorten", { originalUrl: "http://127.0.0.1/faq" });
    await testDb().insert(paidUsers).values({
      userId: id,
      patreonMemberId: "leaving-member",
      patreonEmail: "leaving-patron@example.com",
      tier: "GOLD",
      status: "active_patron",
      lastEventAt: new Date(),
    });
    // A sign-in challenge for the address, not yet used.
    const csrfToken = await new Client().csrf();
    await new Client().postForm("/api/auth/signin/email", { csrfToken, email: "leaving-traces@example.com", callbackUrl: "/" });

    expect((await del(client, id)).status).toBe(200);
    expect(await env.MEDIA.head(`speech/${id}-${"b".repeat(64)}`)).toBeNull();
    expect(await env.MEDIA.head(`speech/someoneelse00000-${"b".repeat(64)}`)).not.toBeNull();
    expect(await count("SELECT count(*) AS n FROM short_links WHERE original_url = 'http://127.0.0.1/faq'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM paid_users WHERE patreon_email = 'leaving-patron@example.com'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM verification_codes WHERE target = 'leaving-traces@example.com'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM reports WHERE id = 'leavingreport001'")).toBe(0);
  });

  it("a heavy account (more files than one R2 call deletes) goes through the queue, showing its progress, in chunks of at most 1,000 files", async () => {
    const { client, id } = await signedInWithId("heavy@example.com");
    const pictures = Array.from({ length: 1100 }, (_, i) => ({
      id: `heavypic${String(i).padStart(8, "0")}`,
      key: `images/heavypic${String(i).padStart(8, "0")}.png`,
    }));
    for (let i = 0; i < pictures.length; i += 100) {
      const chunk = pictures.slice(i, i + 100);
      await Promise.all(chunk.map((p) => env.MEDIA.put(p.key, new Uint8Array([1]))));
      await env.DB.batch(
        chunk.map((p) =>
          env.DB.prepare("INSERT INTO generated_images (id, user_id, prompt, model, r2_key) VALUES (?, ?, 'x', 'anime', ?)").bind(p.id, id, p.key),
        ),
      );
    }
    const answer = await del(client, id);
    expect(answer.status).toBe(202);
    const { jobId } = (await answer.json()) as { jobId: string };
    // Its owner follows the progress until the last step deletes the account and its sessions (then 401).
    const seen: { deleted: number; total: number }[] = [];
    for (let i = 0; i < 300; i++) {
      const status = await client.fetch(`/api/status/${jobId}`);
      if (status.status === 401) break;
      const body = (await status.json()) as { status: string; reply: { deleted: number; total: number } | null };
      if (body.reply) seen.push(body.reply);
      if (body.status === "completed") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.every((p) => p.total === 1100)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", id)).toBe(0);
    expect((await env.MEDIA.list({ prefix: "images/heavypic" })).objects).toHaveLength(0);
    expect(await env.DB.prepare("SELECT status, reply FROM jobs WHERE id = ?").bind(jobId).first()).toEqual({
      status: "completed",
      reply: JSON.stringify({ deleted: 1100, total: 1100 }),
    });
  }, 60_000);
});

describe("files go 1,000 at a time", () => {
  it("an account's files are deleted in calls of at most 1,000 keys, before its rows", async () => {
    const id = await insertUser({ email: "chunked-files@example.com" });
    for (let i = 0; i < 2500; i += 100)
      await Promise.all(Array.from({ length: 100 }, (_, j) => env.MEDIA.put(`speech/${id}-${String(i + j).padStart(64, "0")}`, new Uint8Array([1]))));
    // The real bucket, with each delete call's size and whether the account still existed written down.
    const calls: { keys: number; accountThere: boolean }[] = [];
    const bucket = new Proxy(env.MEDIA, {
      get: (target, name) =>
        name === "delete"
          ? async (keys: string[]) => {
              calls.push({ keys: keys.length, accountThere: (await count("SELECT count(*) AS n FROM users WHERE id = ?", id)) === 1 });
              return await target.delete(keys);
            }
          : Reflect.get(target, name).bind(target),
    });
    await deleteAccount(testDb(), { MEDIA: bucket, USER_STORE: env.USER_STORE }, id, "chunked-files@example.com");
    expect(calls).toEqual([
      { keys: 1000, accountThere: true },
      { keys: 1000, accountThere: true },
      { keys: 500, accountThere: true },
    ]);
    expect((await env.MEDIA.list({ prefix: `speech/${id}-` })).objects).toHaveLength(0);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", id)).toBe(0);
  }, 60_000);
});

describe("the cron trigger sweeps what expired", () => {
  it("removes expired sessions, day-old codes, stale rate counters and old figures' events, and nothing current", async () => {
    const { client } = await signedInWithId("sweep@example.com");
    const now = Date.now();
    const userId = await insertUser({ email: "sweep-old@example.com" });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('sweepexpired0001', ?, ?)").bind(userId, now - 1000),
      env.DB.prepare(
        "INSERT INTO verification_codes (id, purpose, target, code_hash, expires_at, created_at) VALUES ('sweepcode0000001', 'sign-in', 'sweep-old@example.com', 'x', ?, ?)",
      ).bind(now - 86_000_000, now - 86_500_000),
      env.DB.prepare("INSERT INTO rate_counters (key, window_start, count) VALUES ('sweep:old', ?, 3)").bind(now - 3 * 86_400_000),
      env.DB.prepare("INSERT INTO rate_counters (key, window_start, count) VALUES ('sweep:new', ?, 3)").bind(now),
      env.DB.prepare("INSERT INTO daily_active_users (day, user_id) VALUES (?, 'sweepold'), (?, 'sweepnew')").bind(dayKey(now - 4 * DAY), dayKey(now)),
      env.DB.prepare("INSERT INTO daily_activity (day, metric, count) VALUES (?, 'replies', 7)").bind(dayKey(now - 61 * DAY)),
    ]);
    await handleScheduled(env, now);
    expect(await count("SELECT count(*) AS n FROM sessions WHERE id = 'sweepexpired0001'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM verification_codes WHERE id = 'sweepcode0000001'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM rate_counters WHERE key = 'sweep:old'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM rate_counters WHERE key = 'sweep:new'")).toBe(1);
    // The daily figures' event rows: who was active goes once the day is rolled up, the counts after 60 days.
    expect(await count("SELECT count(*) AS n FROM daily_active_users WHERE user_id IN ('sweepold', 'sweepnew')")).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM daily_activity WHERE day = '${dayKey(now - 61 * DAY)}'`)).toBe(0);
    expect(((await (await client.fetch("/api/auth/session")).json()) as any).user.email).toBe("sweep@example.com");
  });
});
