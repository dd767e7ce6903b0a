import { env } from "cloudflare:workers";
import { createParser } from "eventsource-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, meId, putJson, signedIn } from "../../support/client";
import { insertCharacter, insertTags, insertUser, setAllowance } from "../../support/fixtures";

const CHARACTER = "chatchar00000001";
const PRIVATE = "chatchar00000002";

beforeAll(async () => {
  await insertTags(["Female"], []);
  const owner = await insertUser({ email: "chat-owner@example.com" });
  await insertCharacter({
    id: CHARACTER,
    userId: owner,
    name: "Mira Vale",
    description: "A keeper.",
    persona: "Mira Vale's Persona: A calm lighthouse keeper who hums sea shanties.",
    greeting: "*waves* Hello, {{user}}.",
    alternateGreetings: ["*looks up* Oh, {{user}}, you again."],
    scenario: "A storm at sea.",
  });
  await insertCharacter({ id: PRIVATE, userId: owner, name: "Hidden", greeting: "Hi.", isPublic: false });
});

type Event = { event?: string; data: any };
async function readEvents(response: Response) {
  const events: Event[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: JSON.parse(e.data) }) });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  return events;
}

const send = (client: Client, body: object, path = `/api/chats/${CHARACTER}/messages`) => client.postJson(path, body);
const redo = (client: Client, messageId: string, how: "regenerate" | "continue") => client.postJson(`/api/chats/${CHARACTER}/messages/${messageId}/${how}`, {});
const chat = async (client: Client) => (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string; messages: any[] };
const allowance = (userId: string) => env.DB.prepare("SELECT token FROM message_tokens WHERE user_id = ?").bind(userId).first<number>("token");

/** A new user's chat after one message and its reply (the greeting is message 0). */
async function afterOneExchange(email: string, content: string) {
  const client = await signedIn(email);
  await readEvents(await send(client, { content }));
  return { client, reply: (await chat(client)).messages[2] };
}

describe("chatting with a character", () => {
  it("opens with the greeting, its alternates as swipes", async () => {
    const client = await signedIn("chat-greet@example.com");
    const { messages } = await chat(client);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: "character", content: "*waves* Hello, {{user}}.", index: 1, count: 2 });
  });

  it("streams a reply: start, tokens, done; both messages are stored and one message is spent", async () => {
    const client = await signedIn("chat-send@example.com");
    const userId = await meId(client);
    const response = await send(client, { content: "Is the lamp lit tonight?", responseLength: 125 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response);
    expect(events[0].event).toBe("start");
    const tokens = events.filter((e) => e.event === "token");
    expect(tokens.length).toBeGreaterThan(5);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.content).toBe(
      tokens
        .map((t) => t.data.text)
        .join("")
        .trim(),
    );
    // The offline writer answers in character and never with the user's own words.
    expect(done.data.content).toMatch(/^\*Mira\b/);
    expect(done.data.content).not.toMatch(/is the lamp lit tonight/i);
    const { messages } = await chat(client);
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["character", "complete"],
      ["user", "complete"],
      ["character", "complete"],
    ]);
    expect(messages[2].id).toBe(done.data.messageId);
    expect(await allowance(userId)).toBe(49);
  });

  it("regenerate adds a swipe; switching back shows the first reply again", async () => {
    const { client, reply: first } = await afterOneExchange("chat-swipe@example.com", "Tell me about the storm.");
    const events = await readEvents(await redo(client, first.id, "regenerate"));
    expect(events.at(-1)!.event).toBe("done");
    const after = (await chat(client)).messages;
    expect(after[2]).toMatchObject({ index: 2, count: 2 });
    expect(after[2].siblingIds).toEqual([first.id, events.at(-1)!.data.messageId]);
    const back = (await (await putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: first.id })).json()) as any;
    expect(back.messages[2]).toMatchObject({ id: first.id, index: 1, count: 2 });
    expect((await chat(client)).messages[2].id).toBe(first.id);
  });

  it("editing an earlier message starts a new branch; the old branch stays reachable", async () => {
    const client = await signedIn("chat-branch@example.com");
    await readEvents(await send(client, { content: "First question." }));
    await readEvents(await send(client, { content: "Second question." }));
    const before = (await chat(client)).messages;
    expect(before).toHaveLength(5);
    const firstUser = before[1];
    await readEvents(await send(client, { content: "A different first question.", parentId: firstUser.parentId }));
    const after = (await chat(client)).messages;
    expect(after).toHaveLength(3);
    expect(after[1]).toMatchObject({ content: "A different first question.", index: 2, count: 2 });
    const old = (await (await putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: firstUser.id })).json()) as any;
    expect(old.messages.map((m: any) => m.content).slice(1, 4)).toEqual(["First question.", before[2].content, "Second question."]);
  });

  it("editing a character message keeps the original as a swipe; delete removes a branch; the greeting stays", async () => {
    const client = await signedIn("chat-edit@example.com");
    await readEvents(await send(client, { content: "Hello!" }));
    const reply = (await chat(client)).messages[2];
    const edited = (await (await putJson(client, `/api/chats/${CHARACTER}/messages/${reply.id}`, { content: "*nods* Welcome." })).json()) as any;
    expect(edited.messages[2]).toMatchObject({ content: "*nods* Welcome.", index: 2, count: 2 });
    const userMessage = edited.messages[1];
    const deleted = (await (await putJson(client, `/api/chats/${CHARACTER}/messages/${userMessage.id}`, {}, "DELETE")).json()) as any;
    expect(deleted.messages).toHaveLength(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE parent_id = ? OR id = ?").bind(userMessage.id, userMessage.id).first("n")).toBe(0);
    const greeting = deleted.messages[0];
    await putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: greeting.siblingIds[1] });
    expect((await chat(client)).messages[0]).toMatchObject({ content: "*looks up* Oh, {{user}}, you again.", index: 2 });
  });

  it("continue appends to the character's message", async () => {
    const { client, reply } = await afterOneExchange("chat-continue@example.com", "Go on.");
    const events = await readEvents(await redo(client, reply.id, "continue"));
    expect(events.at(-1)!.event).toBe("done");
    const after = (await chat(client)).messages[2];
    expect(after.id).toBe(reply.id);
    expect(after.content.startsWith(reply.content)).toBe(true);
    expect(after.content.length).toBeGreaterThan(reply.content.length);
  });

  it("the reply is stored even when the browser goes away mid-stream", async () => {
    const client = await signedIn("chat-disconnect@example.com");
    const response = await send(client, { content: "Hold on, I need to go." });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    let messages: any[] = [];
    for (let i = 0; i < 50; i++) {
      messages = (await chat(client)).messages;
      if (messages[2]?.status === "complete") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(messages[2]).toMatchObject({ role: "character", status: "complete" });
    expect(messages[2].content).toMatch(/^\*Mira\b[^*]+\*/);
    expect(messages[2].content.length).toBeGreaterThan(40);
  });

  it("a reply cut off long ago (the Worker went away) shows as failed, and Retry writes it again in place", async () => {
    const client = await signedIn("chat-stale@example.com");
    await readEvents(await send(client, { content: "Are you there?" }));
    const reply = (await chat(client)).messages[2];
    await env.DB.prepare("UPDATE messages SET status = 'streaming', created_at = ? WHERE id = ?")
      .bind(Date.now() - 20 * 60_000, reply.id)
      .run();
    const shown = (await chat(client)).messages[2];
    expect(shown).toMatchObject({ id: reply.id, status: "failed", error: "This reply was interrupted. Press Retry." });
    const events = await readEvents(await redo(client, reply.id, "regenerate"));
    expect(events.at(-1)!.event).toBe("done");
    expect((await chat(client)).messages[2]).toMatchObject({ id: reply.id, status: "complete", count: 1 });
  });

  it("Stop keeps what was shown and completes the reply", async () => {
    const client = await signedIn("chat-stop@example.com");
    const response = await send(client, { content: "Stop me." });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const messageId = JSON.parse(first.split("data: ")[1]).messageId;
    await reader.cancel();
    // The offline writer may already be done in tests; Stop then changes nothing.
    const stop = (await (await client.postJson(`/api/chats/${CHARACTER}/messages/${messageId}/stop`, { content: "*Mira pauses*" })).json()) as any;
    const stored = await env.DB.prepare("SELECT status, content FROM messages WHERE id = ?").bind(messageId).first<any>();
    expect(stored.status).toBe("complete");
    if (stop.stopped) expect(stored.content).toBe("*Mira pauses*");
  });
});

describe("chat rules", () => {
  it("the chat page: a guest reads the greeting; a missing or private character is the 404 page, never 500", async () => {
    const guest = new Client();
    const page = await guest.fetch(`/characters/chat/${CHARACTER}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Mira Vale");
    expect(html).toContain("<em>waves</em> Hello, User.");
    for (const path of ["/characters/chat/0000000000000000", `/characters/chat/${PRIVATE}`, "/characters/chat/not-an-id"]) {
      const response = await guest.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page not found");
    }
  });

  it("a long chat's page carries its latest 20 messages and says how many come before; the API gives the whole branch", async () => {
    const client = await signedIn("chat-long@example.com");
    const userId = await meId(client);
    const chatId = "chatlong00000001";
    const line = (i: number) => `Line number ${i} of the long chat.`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO saved_chats (id, user_id, character_id, title, selected, leaf_message_id, created_at, updated_at) VALUES (?, ?, ?, '', 1, ?, 0, 0)",
      ).bind(chatId, userId, CHARACTER, "chatlongmsg00044"),
      ...Array.from({ length: 45 }, (_, i) =>
        env.DB.prepare("INSERT INTO messages (id, chat_id, parent_id, role, content, status, created_at) VALUES (?, ?, ?, ?, ?, 'complete', ?)").bind(
          `chatlongmsg${String(i).padStart(5, "0")}`,
          chatId,
          i ? `chatlongmsg${String(i - 1).padStart(5, "0")}` : null,
          i % 2 ? "user" : "character",
          line(i),
          i * 1000,
        ),
      ),
    ]);
    const html = await (await client.fetch(`/characters/chat/${CHARACTER}`, { headers: { accept: "text/html" } })).text();
    expect(html.match(/data-testid="chat-message"/g)).toHaveLength(20);
    expect(html).toContain("Show 25 earlier messages");
    expect(html).toContain(line(44));
    expect(html).toContain(line(25));
    // Neither shown nor in the page's data.
    expect(html).not.toContain(line(24));
    expect(html).not.toContain(line(3));
    const { messages } = await chat(client);
    expect(messages.map((m) => m.content)).toEqual(Array.from({ length: 45 }, (_, i) => line(i)));
  });

  it("guests get 401; a private character is 404; bad input is 400 and stores nothing", async () => {
    expect((await send(new Client(), { content: "Hi" })).status).toBe(401);
    const client = await signedIn("chat-rules@example.com");
    expect((await send(client, { content: "Hi" }, `/api/chats/${PRIVATE}/messages`)).status).toBe(404);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM messages").first("n");
    const cases: [object, string][] = [
      [{ content: "   " }, "content: Write a message first."],
      [{ content: "x".repeat(4001) }, "content: Messages can be at most 4000 characters."],
      [{ content: "She is 12 years old" }, '"12 years old" is not allowed.'],
      [{ content: "Hi", parentId: "nope" }, "That message is not in this chat any more. Reload the page."],
    ];
    for (const [body, message] of cases) {
      const response = await send(client, body);
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as any).error.message).toContain(message);
    }
    const after = await env.DB.prepare("SELECT count(*) AS n FROM messages").first("n");
    // Only the greeting rows of the chat opened by the parentId check were added.
    expect(Number(after) - Number(before)).toBeLessThanOrEqual(2);
    const crossSite = await client.fetch(`/api/chats/${CHARACTER}/messages`, {
      method: "POST",
      body: JSON.stringify({ content: "Hi" }),
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("an empty allowance answers 429 with the reset time and stores nothing; subscribers spend nothing", async () => {
    const client = await signedIn("chat-empty@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 0);
    const response = await send(client, { content: "Anyone there?" });
    expect(response.status).toBe(429);
    const body = (await response.json()) as any;
    expect(body.error.message).toContain("They reset at");
    expect(body.error.resetAt).toBeTruthy();
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM messages m JOIN saved_chats s ON s.id = m.chat_id WHERE s.user_id = ? AND m.role = 'user'")
        .bind(userId)
        .first("n"),
    ).toBe(0);

    const gold = await signedIn("chat-subscriber@example.com");
    const goldId = await meId(gold);
    await env.DB.prepare("UPDATE users SET is_subscription_active = 1, tier = 'GOLD' WHERE id = ?").bind(goldId).run();
    await setAllowance(goldId, 0);
    expect((await readEvents(await send(gold, { content: "Unlimited?" }))).at(-1)!.event).toBe("done");
    expect(await allowance(goldId)).toBe(0);
  });
});
