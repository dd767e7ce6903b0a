import { createMessageBatch, getQueueResult, createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleQueueBatch } from "~/jobs/queue.server";
import { Client, jobEnded, signInByEmail } from "../../support/client";
import { insertJob, insertUser } from "../../support/fixtures";
import { JOB_MESSAGES } from "~/spec/messages";

describe("guards", () => {
  it("a page that needs a user redirects to sign-in with the callbackUrl", async () => {
    const response = await new Client().fetch("/personas?tab=prefs");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/api/auth/signin?error=SessionRequired&callbackUrl=%2Fpersonas%3Ftab%3Dprefs");
  });

  it("GET /api/me is 401 signed out and returns the user with preferences and allowance when signed in", async () => {
    expect((await new Client().fetch("/api/me")).status).toBe(401);
    const client = new Client();
    await signInByEmail(client, "me@example.com");
    const { user } = (await (await client.fetch("/api/me")).json()) as any;
    expect(user.email).toBe("me@example.com");
    expect(user.tier).toBe("FREE");
    expect(user.UserPreference).toMatchObject({ imageStyle: "Anime", chatLayout: "Center", chatUI: "v2", enterToSend: true, showNsfwThumbnails: true });
    expect(user.messageToken.token).toBe(50);
    expect(user.UserPersonas).toEqual([]);
  });

  it("moderator and admin pages are refused to other users", async () => {
    const client = new Client();
    await signInByEmail(client, "plain@example.com");
    expect((await client.fetch("/mods/modcentral")).status).toBe(403);
    expect((await client.fetch("/mods/analytics")).status).toBe(403);
  });

  it("moderators see Mod Central; only the configured admin sees Analytics", async () => {
    await insertUser({ email: "moddy@example.com", isModerator: true });
    const mod = new Client();
    await signInByEmail(mod, "moddy@example.com");
    expect((await mod.fetch("/mods/modcentral")).status).toBe(200);
    expect((await mod.fetch("/mods/analytics")).status).toBe(403);

    await insertUser({ email: "boss@example.com", id: env.ADMIN_USER_ID });
    const admin = new Client();
    await signInByEmail(admin, "boss@example.com");
    expect((await admin.fetch("/mods/analytics")).status).toBe(200);
  });
});

describe("banned users", () => {
  it("see only the ban message, get 403 from the API, and can still sign out", async () => {
    await insertUser({ email: "bad@example.com", isBanned: true });
    const client = new Client();
    await signInByEmail(client, "bad@example.com");
    const page = await (await client.fetch("/faq")).text();
    expect(page).toContain("Your account has been banned");
    expect(page).toContain(env.SUPPORT_EMAIL);
    expect(page).not.toContain("Answers to what people ask us most.");
    expect((await client.fetch("/api/me")).status).toBe(403);
    expect((await client.postJson("/api/preference", { key: "showImages", value: false })).status).toBe(403);
    expect((await client.fetch("/api/auth/session")).status).toBe(200);
    const csrfToken = await client.csrf();
    expect((await client.postForm("/api/auth/signout", { csrfToken })).status).toBe(302);
    expect(await (await client.fetch("/api/auth/session")).json()).toEqual({});
  });

  it("a ban takes effect on the next request of an existing session", async () => {
    const client = new Client();
    await signInByEmail(client, "later@example.com");
    expect((await client.fetch("/api/me")).status).toBe(200);
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE email = ?").bind("later@example.com").run();
    expect((await client.fetch("/api/me")).status).toBe(403);
  });
});

describe("POST /api/preference", () => {
  it("saves a valid preference and answers 400 to unknown keys and bad values", async () => {
    const client = new Client();
    await signInByEmail(client, "prefs@example.com");
    const bad = await client.postJson("/api/preference", { key: "colourScheme", value: "pink" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toBe('Unknown preference "colourScheme".');
    const wrong = await client.postJson("/api/preference", { key: "chatLayout", value: "Diagonal" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as any).error.message).toMatch(/^Invalid value for chatLayout/);
    expect(
      (await client.fetch("/api/preference", { method: "POST", body: "{oops", headers: { "content-type": "application/json", origin: "http://127.0.0.1" } }))
        .status,
    ).toBe(400);

    const ok = await client.postJson("/api/preference", { key: "imageStyle", value: "Realistic" });
    expect(ok.status).toBe(200);
    const { user } = (await (await client.fetch("/api/me")).json()) as any;
    expect(user.UserPreference.imageStyle).toBe("Realistic");
    expect(user.UserPreference.isRealistic).toBe(true);
  });

  it("needs a signed-in user and a same-site request", async () => {
    expect((await new Client().postJson("/api/preference", { key: "showImages", value: false })).status).toBe(401);
    const client = new Client();
    await signInByEmail(client, "xsite@example.com");
    const cross = await client.postJson("/api/preference", { key: "showImages", value: false }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
  });
});

describe("client log beacon", () => {
  it("accepts level, code and details, refuses bad and oversized entries", async () => {
    const client = new Client();
    expect((await client.postJson("/_log", { level: "error", code: "CLIENT_FETCH_ERROR", details: { url: "/x" } })).status).toBe(204);
    expect((await client.postJson("/api/auth/_log", { level: "warn", code: "X" })).status).toBe(204);
    expect((await client.postJson("/_log", { level: "shout", code: "X" })).status).toBe(400);
    expect((await client.postJson("/_log", { level: "info", code: "BIG", details: "x".repeat(9000) })).status).toBe(413);
  });
});

describe("not found", () => {
  it("unknown routes and malformed ids are 404 pages inside the shell, never 500", async () => {
    const client = new Client();
    for (const path of ["/no-such-page", "/profile/not-an-id", "/profile/zzzzzzzzzzzzzzzz", "/media/thumbnails/../x", "/characters/chat/%E0%A4%A"]) {
      const response = await client.fetch(path);
      expect(response.status, path).toBe(404);
    }
    const html = await (await client.fetch("/no-such-page")).text();
    expect(html).toContain("Page not found");
    expect(html).toContain("Sign In");
  });
});

describe("dev outbox", () => {
  it("lists sent mail as JSON, newest last", async () => {
    const client = new Client();
    await signInByEmail(client, "first@example.com");
    await signInByEmail(client, "second@example.com");
    const { messages } = (await (await client.fetch("/dev/outbox.json")).json()) as any;
    expect(messages.at(-1)).toMatchObject({ to: "second@example.com", subject: expect.stringMatching(/sign-in code: \d{6}$/) });
    expect(Object.keys(messages.at(-1)).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
  });
});

describe("JOBS queue consumer", () => {
  it("marks a job of an unknown type as error and acks it; a handler's reply completes the job", async () => {
    await insertJob({ id: "job0000000000001", type: "nope" });
    await insertJob({ id: "job0000000000002", type: "echo", input: { text: "hi" } });
    const batch = createMessageBatch<{ jobId: string }>("reverie-jobs", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { jobId: "job0000000000001" } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { jobId: "job0000000000002" } },
    ]);
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, env, { echo: async (job) => String((job.input as { text: string }).text).toUpperCase() });
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    const rows = await env.DB.prepare("SELECT id, status, reply, error FROM jobs ORDER BY id").all<any>();
    expect(rows.results).toEqual([
      { id: "job0000000000001", status: "error", reply: null, error: JOB_MESSAGES.failed },
      { id: "job0000000000002", status: "completed", reply: "HI", error: null },
    ]);
  });

  it("retries a failing handler, and gives up with an error after the last attempt", async () => {
    await insertJob({ id: "job0000000000003", type: "flaky" });
    const failing = {
      flaky: async () => {
        throw new Error("backend down");
      },
    };
    const first = createMessageBatch<{ jobId: string }>("reverie-jobs", [{ id: "a", timestamp: new Date(), attempts: 1, body: { jobId: "job0000000000003" } }]);
    await handleQueueBatch(first, env, failing);
    expect((await getQueueResult(first, createExecutionContext())).retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["a"]);
    const last = createMessageBatch<{ jobId: string }>("reverie-jobs", [{ id: "b", timestamp: new Date(), attempts: 3, body: { jobId: "job0000000000003" } }]);
    await handleQueueBatch(last, env, failing);
    const row = await env.DB.prepare("SELECT status, error, attempts FROM jobs WHERE id = 'job0000000000003'").first<any>();
    // What failed inside is logged; the person reads a plain message (issue 22).
    expect(row).toEqual({ status: "error", error: JOB_MESSAGES.failed, attempts: 2 });
  });

  it("two last deliveries of one job racing each other undo it (give the picture back) once", async () => {
    await insertJob({ id: "job0000000000004", type: "doubled" });
    let givenBack = 0;
    const spec = {
      doubled: {
        run: async () => {
          await new Promise((r) => setTimeout(r, 50));
          throw new Error("backend down");
        },
        giveUp: async () => {
          givenBack++;
        },
      },
    };
    const delivery = (id: string) =>
      createMessageBatch<{ jobId: string }>("reverie-jobs", [{ id, timestamp: new Date(), attempts: 3, body: { jobId: "job0000000000004" } }]);
    await Promise.all([handleQueueBatch(delivery("c"), env, spec), handleQueueBatch(delivery("d"), env, spec)]);
    expect(givenBack).toBe(1);
  });
});

describe("jobs through the real queue", () => {
  it("a job sent to JOBS reaches the consumer, and its owner polls the result at /api/status/:id", async () => {
    const { enqueueJob } = await import("~/models/jobs.server");
    const { createDb } = await import("~/db/client.server");
    const client = new Client();
    await signInByEmail(client, "jobs@example.com");
    const { user } = (await (await client.fetch("/api/me")).json()) as any;
    const jobId = await enqueueJob({ db: createDb(env.DB), env }, { type: "not-a-real-type", userId: user.id, input: {} });

    const status = await jobEnded(client, jobId);
    expect(status).toEqual({ status: "error", reply: null, error: JOB_MESSAGES.failed });

    const stranger = new Client();
    await signInByEmail(stranger, "not-the-owner@example.com");
    expect((await stranger.fetch(`/api/status/${jobId}`)).status).toBe(404);
    expect((await new Client().fetch(`/api/status/${jobId}`)).status).toBe(401);
    expect((await client.fetch("/api/status/not-an-id")).status).toBe(404);
  });
});
