import { env } from "cloudflare:workers";
import { createParser } from "eventsource-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, meId, putJson, signedIn } from "../../support/client";
import { allowanceLeft, insertCharacter, insertChat, insertTags, insertUser, setAllowance, storeRows, storeValue } from "../../support/fixtures";

const CHARACTER = "chatchar00000001";
const PRIVATE = "chatchar00000002";
const LOREFUL = "chatchar00000003";

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
  await insertCharacter({
    id: LOREFUL,
    userId: owner,
    name: "Seraphina",
    persona: "Seraphina's Persona: {{char}} is a gentle guardian of the forest.",
    greeting: "*smiles* Rest now.",
    cardExtras: {
      character_book: {
        entries: [
          { keys: ["Eldoria"], content: "Eldoria is an ancient forest of glowing trees, hidden by Seraphina's magic.", enabled: true, insertion_order: 1 },
          { keys: ["Shadowfang"], content: "The Shadowfang are beasts of smoke that hunt at dusk.", enabled: true, insertion_order: 2 },
        ],
      },
    },
  });
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
const allowance = (userId: string) => allowanceLeft(userId);

/** A new user's chat after one message and its reply (the greeting is message 0). */
async function afterOneExchange(email: string, content: string) {
  const client = await signedIn(email);
  await readEvents(await send(client, { content }));
  return { client, reply: (await chat(client)).messages[2] };
}

describe("chatting with a character", () => {
  it("the offline writer answers from the lorebook entry the person's words call up (issue 24)", async () => {
    const client = await signedIn("chat-lore@example.com");
    const asked = await readEvents(await send(client, { content: "What do you know about Eldoria?" }, `/api/chats/${LOREFUL}/messages`));
    const reply = asked.at(-1)!.data.content as string;
    expect(reply).toContain("Eldoria is an ancient forest of glowing trees, hidden by Seraphina's magic.");
    expect(reply).not.toContain("Shadowfang");
  });

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
    // One token event per screened sentence (issue 59): the reply arrives in several, not at the end.
    const tokens = events.filter((e) => e.event === "token");
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.every((t) => /[.!?…"*”’)\]_]\s*$/.test(t.data.text) || t === tokens.at(-1))).toBe(true);
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
    expect(after[2]).toMatchObject({ previousId: first.id, nextId: null, id: events.at(-1)!.data.messageId });
    const back = (await (await putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: first.id })).json()) as any;
    expect(back.messages[2]).toMatchObject({ id: first.id, index: 1, count: 2 });
    expect((await chat(client)).messages[2].id).toBe(first.id);
  });

  it("All branches: the tree of runs with a preview of each, the one on screen marked; a chat not opened yet shows its greetings", async () => {
    const { client, reply: first } = await afterOneExchange("chat-branches@example.com", "Tell me about the lamp.");
    const swipe = (await readEvents(await redo(client, first.id, "regenerate"))).at(-1)!.data.messageId as string;
    const answer = await client.fetch(`/api/chats/${CHARACTER}/branches`);
    expect(answer.status).toBe(200);
    const { branches } = (await answer.json()) as { branches: any[] };
    // The greeting and its alternate are sibling roots; the one on screen runs to the message, where the two replies fork.
    expect(branches.map((b) => [b.preview, b.onScreen])).toEqual([
      ["*waves* Hello, {{user}}.", true],
      ["*looks up* Oh, {{user}}, you again.", false],
    ]);
    expect(branches[0]).toMatchObject({ role: "character", length: 2 });
    expect(branches[0].children.map((c: any) => [c.id, c.tipId, c.length, c.depth, c.onScreen])).toEqual([
      [first.id, first.id, 1, 3, false],
      [swipe, swipe, 1, 3, true],
    ]);
    // A preview is the reply's start, at most 90 characters, cut with an ellipsis.
    const preview = branches[0].children[0].preview as string;
    expect(preview.length).toBeLessThanOrEqual(90);
    expect(first.content.replace(/\s+/g, " ").startsWith(preview.replace(/…$/, ""))).toBe(true);

    // A version whose start is mostly line breaks: its preview still reaches the words after them.
    const { chatId } = await chat(client);
    const airy = "*sighs*" + "\n".repeat(420) + "The long road home, ".repeat(8);
    await storeRows(
      await meId(client),
      "INSERT INTO messages (id, chat_id, parent_id, role, content) VALUES ('airyreply0000001', ?, ?, 'character', ?)",
      chatId,
      first.parentId,
      airy,
    );
    const again = ((await (await client.fetch(`/api/chats/${CHARACTER}/branches`)).json()) as { branches: any[] }).branches;
    const airyRun = again[0].children.find((c: any) => c.id === "airyreply0000001");
    expect(airyRun.preview).toBe(`*sighs* ${"The long road home, ".repeat(5).slice(0, 81).trimEnd()}…`);

    const fresh = await signedIn("chat-branches-new@example.com");
    const none = (await (await fresh.fetch(`/api/chats/${CHARACTER}/branches`)).json()) as { branches: any[] };
    expect(none.branches.map((b) => [b.preview, b.onScreen, b.children.length])).toEqual([
      ["*waves* Hello, {{user}}.", true, 0],
      ["*looks up* Oh, {{user}}, you again.", false, 0],
    ]);
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
    // Deleting the edit shows the version beside it again.
    const unedited = (await (await putJson(client, `/api/chats/${CHARACTER}/messages/${edited.id}`, {}, "DELETE")).json()) as any;
    expect(unedited.messages[2]).toMatchObject({ id: reply.id, index: 1, count: 1 });
    const userMessage = edited.messages[1];
    const deleted = (await (await putJson(client, `/api/chats/${CHARACTER}/messages/${userMessage.id}`, {}, "DELETE")).json()) as any;
    expect(deleted.messages).toHaveLength(1);
    expect(await storeValue(await meId(client), "SELECT count(*) AS n FROM messages WHERE parent_id = ? OR id = ?", userMessage.id, userMessage.id)).toBe(0);
    const greeting = deleted.messages[0];
    expect(greeting).toMatchObject({ index: 1, count: 2, previousId: null });
    const secondGreeting = greeting.nextId as string;
    await putJson(client, `/api/chats/${CHARACTER}/leaf`, { messageId: secondGreeting });
    expect((await chat(client)).messages[0]).toMatchObject({ content: "*looks up* Oh, {{user}}, you again.", index: 2 });
    // Both greetings deleted at once: one goes, the last one stays.
    const both = await Promise.all([greeting.id, secondGreeting].map((id: string) => putJson(client, `/api/chats/${CHARACTER}/messages/${id}`, {}, "DELETE")));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(((await both.find((r) => r.status === 400)!.json()) as any).error.message).toBe("The greeting can't be deleted.");
    expect((await chat(client)).messages).toEqual([expect.objectContaining({ role: "character", count: 1 })]);
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

  it("two sends at once (two tabs) both land, one after the other, each with its reply", async () => {
    const client = await signedIn("chat-parallel@example.com");
    await chat(client);
    const answers = await Promise.all([send(client, { content: "First, from one tab." }), send(client, { content: "Second, from another." })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await Promise.all(answers.map(readEvents));
    const { messages } = await chat(client);
    expect(messages.map((m) => m.role)).toEqual(["character", "user", "character", "user", "character"]);
    expect(
      messages
        .filter((m) => m.role === "user")
        .map((m) => m.content)
        .sort(),
    ).toEqual(["First, from one tab.", "Second, from another."]);
    // One line of conversation, no branch: every message is the only one in its place.
    expect(messages.slice(1).map((m) => m.count)).toEqual([1, 1, 1, 1]);
    expect(
      messages
        .slice(1)
        .filter((m) => m.role === "character")
        .map((m) => m.status),
    ).toEqual(["complete", "complete"]);
  });

  it("a reply cut off long ago (the Worker went away) shows as failed, and Retry writes it again in place", async () => {
    const client = await signedIn("chat-stale@example.com");
    await readEvents(await send(client, { content: "Are you there?" }));
    const reply = (await chat(client)).messages[2];
    await storeRows(await meId(client), "UPDATE messages SET status = 'streaming', created_at = ? WHERE id = ?", Date.now() - 20 * 60_000, reply.id);
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
    // The first read holds the start event (and maybe the first words after it).
    const messageId = JSON.parse(first.split("data: ")[1].split("\n")[0]).messageId;
    await reader.cancel();
    // The offline writer may already be done in tests; Stop then changes nothing.
    const stop = (await (await client.postJson(`/api/chats/${CHARACTER}/messages/${messageId}/stop`, { content: "*Mira pauses*" })).json()) as any;
    const [stored] = await storeRows<any>(await meId(client), "SELECT status, content FROM messages WHERE id = ?", messageId);
    expect(stored.status).toBe("complete");
    if (stop.stopped) expect(stored.content).toBe("*Mira pauses*");
  });

  it("Stop inside an action stores it closed; Continue goes on with the rest, nothing said twice", async () => {
    const { client, reply } = await afterOneExchange("chat-stop-continue@example.com", "Tell me about the storm.");
    const userId = await meId(client);
    // Stop pressed while the reply's opening action was still arriving: two words on screen.
    const shown = reply.content.split(" ").slice(0, 2).join(" ");
    expect(shown).toMatch(/^\*[^*]+$/);
    await storeRows(userId, "UPDATE messages SET status = 'streaming' WHERE id = ?", reply.id);
    const stop = (await (await client.postJson(`/api/chats/${CHARACTER}/messages/${reply.id}/stop`, { content: shown })).json()) as any;
    expect(stop.stopped).toBe(true);
    const stopped = (await chat(client)).messages[2].content;
    expect(stopped).toBe(`${shown}*`);

    const events = await readEvents(await redo(client, reply.id, "continue"));
    expect(events.at(-1)!.event).toBe("done");
    const after = (await chat(client)).messages[2].content as string;
    expect(after.startsWith(`${stopped} *`)).toBe(true);
    expect(after.split(shown.slice(1))).toHaveLength(2);
    expect(after).not.toMatch(/ {2}/);
    expect((after.match(/\*/g) ?? []).length % 2).toBe(0);
    // What it goes on with is the rest of the reply that was being written.
    expect(after.replace(`${stopped} *`, `${shown} `)).toBe(reply.content);

    // Continue on a whole reply adds lines it did not have, and no second opening action.
    await readEvents(await redo(client, reply.id, "continue"));
    const more = (await chat(client)).messages[2].content as string;
    expect(more.startsWith(`${after} `)).toBe(true);
    const added = more.slice(after.length + 1);
    expect(added.length).toBeGreaterThan(10);
    expect(added.startsWith("*")).toBe(false);
    for (const sentence of added.split(/(?<=[.!?"])\s+/)) expect(after).not.toContain(sentence.replace(/^"|"$/g, ""));
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
    const line = (i: number) => `Line number ${i} of the long chat.`;
    await insertChat({
      userId,
      characterId: CHARACTER,
      selected: true,
      messages: Array.from({ length: 45 }, (_, i) => ({
        role: i % 2 ? ("user" as const) : ("character" as const),
        content: line(i),
        createdAt: new Date(i * 1000),
      })),
    });
    const html = await (await client.fetch(`/characters/chat/${CHARACTER}`, { headers: { accept: "text/html" } })).text();
    expect(html.match(/data-testid="chat-message"/g)).toHaveLength(20);
    // Each message's secondary actions are in its "More actions" menu; the copies a desktop shows join
    // once the page is hydrated (decision 060), so the server's page does not carry them.
    expect(html.match(/aria-label="More actions"/g)).toHaveLength(20);
    expect(html).not.toContain('aria-label="Edit"');
    expect(html).not.toContain('aria-label="Copy"');
    expect(html).toContain("Show 25 earlier messages");
    expect(html).toContain(line(44));
    expect(html).toContain(line(25));
    // Neither shown nor in the page's data.
    expect(html).not.toContain(line(24));
    expect(html).not.toContain(line(3));
    const { messages } = await chat(client);
    expect(messages.map((m) => m.content)).toEqual(Array.from({ length: 45 }, (_, i) => line(i)));
  });

  it("a chat with a character that is deleted or made private stays readable for its person, says so, and takes no message", async () => {
    const owner = await insertUser({ email: "chat-gone-owner@example.com" });
    await insertCharacter({ id: "chatgonechar0001", userId: owner, name: "Brief Visitor", greeting: "I will not stay long." });
    await insertCharacter({ id: "chatgonechar0002", userId: owner, name: "Soon Private", greeting: "Shh." });
    const reader = await signedIn("chat-gone-reader@example.com");
    for (const id of ["chatgonechar0001", "chatgonechar0002"])
      await readEvents(await send(reader, { content: `Remember me, ${id}.` }, `/api/chats/${id}/messages`));
    await env.DB.prepare("DELETE FROM characters WHERE id = 'chatgonechar0001'").run();
    await env.DB.prepare("UPDATE characters SET is_public = 0 WHERE id = 'chatgonechar0002'").run();
    for (const [id, name] of [
      ["chatgonechar0001", "Brief Visitor"],
      ["chatgonechar0002", "Soon Private"],
    ]) {
      const page = await reader.fetch(`/characters/chat/${id}`, { headers: { accept: "text/html" } });
      expect(page.status, id).toBe(200);
      const html = await page.text();
      expect(html).toContain(`${name} is no longer available. Your chat stays here for you to read.`);
      expect(html).toContain(`Remember me, ${id}.`);
      expect(html).not.toContain('id="chat-input"');
      // Nothing more can be sent to it; someone who never chatted with it finds nothing.
      expect((await send(reader, { content: "Still there?" }, `/api/chats/${id}/messages`)).status).toBe(404);
      expect((await (await signedIn(`chat-gone-stranger-${id}@example.com`)).fetch(`/characters/chat/${id}`)).status).toBe(404);
      // The JSON API reads it as the page does (issue 61): 200, marked unavailable; a stranger's is 404.
      const api = await reader.fetch(`/api/chats/${id}`);
      expect(api.status, id).toBe(200);
      const kept = (await api.json()) as { unavailable: boolean; messages: { content: string }[] };
      expect(kept.unavailable).toBe(true);
      expect(kept.messages.map((m) => m.content)).toContain(`Remember me, ${id}.`);
      const latest = (await (await reader.fetch(`/api/chats/${id}?latest=1`)).json()) as { messages: unknown[]; earlier: number };
      expect(latest.messages).toHaveLength(1);
      expect((await (await signedIn(`chat-gone-api-stranger-${id}@example.com`)).fetch(`/api/chats/${id}`)).status).toBe(404);
    }
    // A character the person can see is not marked.
    expect(((await (await reader.fetch(`/api/chats/${CHARACTER}`)).json()) as { unavailable: boolean }).unavailable).toBe(false);
  });

  it("guests get 401; a private character is 404; bad input is 400 and stores nothing", async () => {
    expect((await send(new Client(), { content: "Hi" })).status).toBe(401);
    const client = await signedIn("chat-rules@example.com");
    expect((await send(client, { content: "Hi" }, `/api/chats/${PRIVATE}/messages`)).status).toBe(404);
    // The same check when the rows are not read with the session (another spelling of the path; decision 073).
    expect((await send(client, { content: "Hi" }, `/api/chats/${PRIVATE}/messages/`)).status).toBe(404);
    const rulesId = await meId(client);
    const before = (await storeValue<number>(rulesId, "SELECT count(*) AS n FROM messages")) ?? 0;
    const cases: [object, string][] = [
      [{ content: "   " }, "content: Write a message first."],
      [{ content: "x".repeat(4001) }, "content: Messages can be at most 4000 characters."],
      [{ content: "She is 12 years old and I kiss her" }, '"12 years old" is not allowed.'],
      [{ content: "Hi", parentId: "nope" }, "That message is not in this chat any more. Reload the page."],
    ];
    for (const [body, message] of cases) {
      const response = await send(client, body);
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as any).error.message).toContain(message);
    }
    const after = await storeValue<number>(rulesId, "SELECT count(*) AS n FROM messages");
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
    expect(await storeValue(userId, "SELECT count(*) AS n FROM messages WHERE role = 'user'")).toBe(0);

    const gold = await signedIn("chat-subscriber@example.com");
    const goldId = await meId(gold);
    await env.DB.prepare("UPDATE users SET is_subscription_active = 1, tier = 'GOLD' WHERE id = ?").bind(goldId).run();
    await setAllowance(goldId, 0);
    expect((await readEvents(await send(gold, { content: "Unlimited?" }))).at(-1)!.event).toBe("done");
    expect(await allowance(goldId)).toBe(0);
  });
});
