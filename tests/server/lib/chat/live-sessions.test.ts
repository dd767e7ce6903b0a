import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { streamReply } from "~/services/chat/stream-reply.server";
import { getConfig } from "~/lib/config.server";
import { SESSION_ENDED } from "~/lib/chat/live-close";
import { userStore } from "~/models/user-store.server";
import { type Client, meId, signedIn } from "../../support/client";
import { insertCharacter, storeRows } from "../../support/fixtures";

/**
 * Issue 58: a session's end ends everything it opened. A page's live socket is tagged with the
 * session that opened it; signing out, signing out the other sessions, a ban and the session's expiry
 * close that session's sockets (and only those) at once, and a reply's stream stops reaching it.
 */
const CHARACTER = "sessionlive00001";
const SECOND = "sessionlive00002";

beforeAll(async () => {
  await insertCharacter({ id: CHARACTER, name: "Wren", greeting: "Hello." });
  await insertCharacter({ id: SECOND, name: "Finch", greeting: "Hi." });
});

type Listening = { socket: WebSocket; frames: string[]; closed: Promise<{ code: number; at: number }> };

async function listen(client: Client, path = `/api/chats/${CHARACTER}/live`): Promise<Listening> {
  const response = await client.fetch(path, { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const frames: string[] = [];
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, at: Date.now() })),
  );
  socket.addEventListener("message", (event) => frames.push(event.data as string));
  socket.accept();
  return { socket, frames, closed };
}

/** The socket's close, or "open" if it is still open after `ms`. */
const closedWithin = (listening: Listening, ms: number) =>
  Promise.race([listening.closed, new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms))]);

async function sendAndWait(client: Client, content: string) {
  const response = await client.postJson(`/api/chats/${CHARACTER}/messages`, { content });
  expect(response.status).toBe(200);
  await response.text();
}

const sessionIds = async (userId: string) =>
  (await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at").bind(userId).all<{ id: string }>()).results.map((r) => r.id);

describe("a session's end ends everything it opened", () => {
  it("signing out closes that session's sockets within a second, and only those; nothing said afterwards reaches them", async () => {
    const leaving = await signedIn("sockets-signout@example.com");
    const staying = await signedIn("sockets-signout@example.com");
    await leaving.fetch(`/api/chats/${CHARACTER}`);
    const mine = await listen(leaving);
    const other = await listen(staying);

    const started = Date.now();
    const signOut = await leaving.postForm("/api/auth/signout", { csrfToken: await leaving.csrf(), callbackUrl: "/" });
    expect(signOut.status).toBe(302);
    const closed = await closedWithin(mine, 1000);
    expect(closed).not.toBe("open");
    expect((closed as { code: number }).code).toBe(SESSION_ENDED);
    expect((closed as { at: number }).at - started).toBeLessThan(1000);
    const heardBefore = mine.frames.length;

    await sendAndWait(staying, "Still here, with the secret word marigold.");
    for (let i = 0; i < 100 && !other.frames.some((f) => f.includes("changed")); i++) await new Promise((r) => setTimeout(r, 20));
    expect(other.frames.some((f) => f.includes("changed"))).toBe(true);
    expect(await closedWithin(other, 50)).toBe("open");
    expect(mine.frames.length).toBe(heardBefore);
    expect(mine.frames.join("")).not.toContain("marigold");
    other.socket.close();
  });

  it("signing out the other sessions closes their sockets, chat and group alike, and keeps this one's", async () => {
    const here = await signedIn("sockets-others@example.com");
    const elsewhere = await signedIn("sockets-others@example.com");
    const made = await elsewhere.postJson("/api/groups", { name: "Pair", characterIds: [CHARACTER, SECOND] });
    expect(made.status).toBe(201);
    const group = (await made.json()) as { id: string };
    const away = await listen(elsewhere);
    const kept = await listen(here);
    const awayGroup = await listen(elsewhere, `/api/groups/${group.id}/live`);

    const ended = await here.fetch("/api/account/sessions", { method: "DELETE", headers: { origin: "http://127.0.0.1" } });
    expect(ended.status).toBe(200);
    expect(((await closedWithin(away, 1000)) as { code: number }).code).toBe(SESSION_ENDED);
    expect(((await closedWithin(awayGroup, 1000)) as { code: number }).code).toBe(SESSION_ENDED);
    expect(await closedWithin(kept, 100)).toBe("open");
    // The ended session cannot open another.
    const again = await elsewhere.fetch(`/api/chats/${CHARACTER}/live`, { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1" } });
    expect(again.status).toBe(401);
    kept.socket.close();
  });

  it("a ban closes every socket of the person at once", async () => {
    const person = await signedIn("sockets-banned@example.com");
    const second = await signedIn("sockets-banned@example.com");
    const userId = await meId(person);
    const one = await listen(person);
    const two = await listen(second);
    const moderator = await signedIn("sockets-moderator@example.com");
    await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = 'sockets-moderator@example.com'").run();
    const banned = await moderator.postJson(`/api/mods/users/${userId}/ban`, { reason: "Spam" });
    expect(banned.status).toBe(200);
    for (const listening of [one, two]) expect(((await closedWithin(listening, 1000)) as { code: number }).code).toBe(SESSION_ENDED);
  });

  it("a session's expiry closes its sockets", async () => {
    const person = await signedIn("sockets-expiry@example.com");
    const userId = await meId(person);
    // The session has two seconds left when the page opens its updates.
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() + 2000, userId)
      .run();
    const listening = await listen(person);
    expect(await closedWithin(listening, 200)).toBe("open");
    await new Promise((r) => setTimeout(r, 2100));
    await runDurableObjectAlarm(userStore(env, userId));
    expect(((await closedWithin(listening, 1000)) as { code: number }).code).toBe(SESSION_ENDED);
  });

  it("a reply's stream stops reaching a session that signed out, while the reply is still written and stored", async () => {
    const person = await signedIn("sockets-stream@example.com");
    const userId = await meId(person);
    const { chatId } = (await (await person.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string };
    const [sessionId] = await sessionIds(userId);
    await storeRows(userId, "INSERT INTO messages (id, chat_id, role, content, status) VALUES ('sessionreply0001', ?, 'character', '', 'streaming')", chatId);
    const base = getConfig(env);
    const config = { ...base, text: { ...base.text, provider: "openai" as const, baseUrl: "http://127.0.0.1:8795/v1" } };
    const response = await streamReply(
      { config, sessionId },
      { env, userId },
      {
        characterId: CHARACTER,
        chatId,
        replyId: "sessionreply0001",
        userMessageId: null,
        prefix: "",
        model: "Mage",
        maxTokens: 200,
        prompt: [{ role: "user", content: "[[drip]] Tell me a story." }],
        character: { name: "Wren", persona: "", scenario: "", tags: [], userName: "User" },
        reservation: null,
      },
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let read = "";
    while (!read.includes("token")) read += decoder.decode((await reader.read()).value);
    const signOut = await person.postForm("/api/auth/signout", { csrfToken: await person.csrf(), callbackUrl: "/" });
    expect(signOut.status).toBe(302);
    const ended = Date.now();
    let after = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      after += decoder.decode(value);
    }
    // The stream ended at the sign-out, long before the reply (a token every 250 ms, about 2.5 s) was done.
    expect(Date.now() - ended).toBeLessThan(1000);
    expect(after).not.toContain("event: done");
    let stored: { status: string; content: string } | undefined;
    for (let i = 0; i < 100; i++) {
      stored = (await storeRows<{ status: string; content: string }>(userId, "SELECT status, content FROM messages WHERE id = 'sessionreply0001'"))[0];
      if (stored.status === "complete") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(stored).toMatchObject({ status: "complete", content: "Hello there, traveller. The sea is calm tonight." });
  });
});
