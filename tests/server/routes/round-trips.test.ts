/**
 * Issue 28's round-trip budget (decision 050): every signed-in page waits on D1 at most twice in a row
 * (the session, then one batch), and `GET /api/me` once. Counted by the Server-Timing header's `db`
 * entry: its "in sequence" figure counts the request's D1 round trips that started while none was in
 * flight (trips made side by side cost one wait). The pages run with Server-Timing on, through the
 * Worker's own entry.
 *
 * `/story` and `/characters/groups` ask the person's object first (whom they chatted with lately), then
 * send every D1 read at once.
 * `GET /api/me` reads the person's rows in the session's own batch (decision 056), and so does a send
 * (the character, the person's personas and profile; decision 073).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../support/worker";
import { type Client, meId, signedIn } from "../support/client";
import { insertCharacter, insertChat, insertTags, insertUser } from "../support/fixtures";

const ORIGIN = "http://127.0.0.1";
const timedEnv = { ...env, SERVER_TIMING: "on" } as Env;

let client: Client;
let characterId = "";

/** The D1 round trips one request made, as its Server-Timing header reports them. */
async function roundTrips(path: string, accept = "text/html", body?: unknown) {
  const headers = new Headers({ accept, "cf-connecting-ip": client.ip });
  headers.set("cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  const init: RequestInit = body === undefined ? {} : { method: "POST", body: JSON.stringify(body) };
  if (body !== undefined) headers.set("content-type", "application/json");
  if (body !== undefined) headers.set("origin", ORIGIN);
  const ctx = createExecutionContext();
  const response = await worker.fetch!(new Request(new URL(path, ORIGIN), { ...init, headers, redirect: "manual" }) as any, timedEnv, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  const timing = response.headers.get("Server-Timing") ?? "";
  const figures = timing.match(/db;dur=[\d.]+;desc="(\d+) round trips?, (\d+) in sequence"/);
  return { status: response.status, trips: figures ? Number(figures[2]) : NaN };
}

beforeAll(async () => {
  await insertTags(["Female", "RolePlay"]);
  const author = await insertUser({ email: "trips-author@example.com" });
  characterId = await insertCharacter({ userId: author, name: "Wren Tally", greeting: "Hello there.", tags: ["Female"] });
  client = await signedIn("trips-reader@example.com");
  await insertChat({
    userId: await meId(client),
    characterId,
    selected: true,
    messages: Array.from({ length: 30 }, (_, i) => ({ role: i % 2 ? ("user" as const) : ("character" as const), content: `Line ${i}.` })),
  });
});

describe("D1 round trips per signed-in request", () => {
  const pages: [string, number][] = [
    ["/", 2],
    ["/characters", 2],
    ["/characters?tag=Female&page=1", 2],
    ["/characters/tags/female", 2],
    ["/characters/favorite", 2],
    ["/characters/recent", 2],
    ["/characters/private", 2],
    ["/personas", 2],
    ["/account", 2],
    ["/faq", 2],
    ["/pricing", 2],
    ["/characters/groups", 2],
    ["/story", 2],
  ];
  for (const [path, most] of pages)
    it(`${path}: at most ${most} D1 waits in sequence`, async () => {
      const { status, trips } = await roundTrips(path);
      expect(status).toBe(200);
      expect(trips).toBeLessThanOrEqual(most);
    });

  it("a chat page: at most 2, with its 30 messages read from the person's own object", async () => {
    const { status, trips } = await roundTrips(`/characters/chat/${characterId}`);
    expect(status).toBe(200);
    expect(trips).toBeLessThanOrEqual(2);
  });

  it("GET /api/me: one, the person's rows riding in the session's own batch", async () => {
    const { status, trips } = await roundTrips("/api/me", "application/json");
    expect(status).toBe(200);
    expect(trips).toBe(1);
  });

  it("a send: one before the reply starts, the character and the person's personas riding in the session's batch", async () => {
    const { status, trips } = await roundTrips(`/api/chats/${characterId}/messages`, "text/event-stream", { content: "Are you there?" });
    expect(status).toBe(200);
    expect(trips).toBe(1);
  });

  it("a send by another spelling of its path reads its rows itself: the same answer, one wait more", async () => {
    const { status, trips } = await roundTrips(`/api/chats/${characterId}/messages/`, "text/event-stream", { content: "Still there?" });
    expect(status).toBe(200);
    expect(trips).toBe(2);
  });
});
