import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MEMORY_MESSAGES } from "~/spec/messages";
import { LIMITS, MEMORY_PINS_BY_TIER } from "~/spec/limits";
import { type Client, meId, signedIn } from "../../support/client";
import { insertCharacter, insertUser, setAllowance, storeValue } from "../../support/fixtures";

// Chat memory (issue 25, decision 044): pinned memories of a chat, kept in the person's own object.
const CHARACTER = "memorychar000001";
const base = `/api/chats/${CHARACTER}/memory`;
const json = { "content-type": "application/json", origin: "http://127.0.0.1" };

beforeAll(async () => {
  const owner = await insertUser({ email: "memory-owner@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Mira Vale", persona: "Mira Vale's Persona: A lighthouse keeper.", greeting: "*waves* Hello." });
});

type Memory = { pins: { id: string; text: string; messageId: string | null }[]; pinLimit: number; pinsLeft: number; summary: string | null };
const memory = async (client: Client) => (await (await client.fetch(base)).json()) as Memory;
const pin = (client: Client, body: object) => client.postJson(`${base}/pins`, body);
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string; code: string } }).error;

/** Sends a message and reads its reply to the end; the chat's messages after it. */
async function exchange(client: Client, content: string) {
  await (await client.postJson(`/api/chats/${CHARACTER}/messages`, { content })).text();
  return ((await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string; role: string; content: string }[] }).messages;
}

describe("pinned memories", () => {
  it("a message is remembered once, with its words; typed memories are checked; the Memory list shows both", async () => {
    const client = await signedIn("memory-pin@example.com");
    const [, said] = await exchange(client, "I grew up by the harbour in Vell.");
    const pinned = await pin(client, { messageId: said.id });
    expect(pinned.status).toBe(201);
    const again = await pin(client, { messageId: said.id });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(MEMORY_MESSAGES.already);

    expect((await errorOf(await pin(client, { text: "   " }))).message).toBe(`text: ${MEMORY_MESSAGES.writeFirst}`);
    const long = await pin(client, { text: "x".repeat(LIMITS.memoryPinMax + 1) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe(`text: ${MEMORY_MESSAGES.tooLong(LIMITS.memoryPinMax)}`);
    expect((await pin(client, { messageId: "nosuchmessage001" })).status).toBe(404);

    expect((await pin(client, { text: "My sister is called Ilse." })).status).toBe(201);
    const now = await memory(client);
    expect(now.pins.map((p) => ({ text: p.text, pinned: !!p.messageId }))).toEqual([
      { text: "I grew up by the harbour in Vell.", pinned: true },
      { text: "My sister is called Ilse.", pinned: false },
    ]);
    expect(now.pinLimit).toBe(MEMORY_PINS_BY_TIER.FREE);
    expect(now.pinsLeft).toBe(MEMORY_PINS_BY_TIER.FREE - 2);
  });

  it("is edited, forgotten one by one, and cleared; another person's memory is not found", async () => {
    const client = await signedIn("memory-edit@example.com");
    const first = (await (await pin(client, { text: "We met at the lighthouse." })).json()) as { id: string };
    await pin(client, { text: "The storm is coming on Friday." });
    const edited = await client.fetch(`${base}/pins/${first.id}`, {
      method: "PATCH",
      headers: json,
      body: JSON.stringify({ text: "We met on the lighthouse stairs." }),
    });
    expect(edited.status).toBe(200);
    expect((await memory(client)).pins[0].text).toBe("We met on the lighthouse stairs.");

    const stranger = await signedIn("memory-stranger@example.com");
    expect((await stranger.fetch(`${base}/pins/${first.id}`, { method: "DELETE", headers: json })).status).toBe(404);
    expect((await stranger.fetch(`${base}/pins/${first.id}`, { method: "PATCH", headers: json, body: JSON.stringify({ text: "Mine now." }) })).status).toBe(
      404,
    );

    expect((await client.fetch(`${base}/pins/${first.id}`, { method: "DELETE", headers: json })).status).toBe(200);
    expect((await memory(client)).pins.map((p) => p.text)).toEqual(["The storm is coming on Friday."]);
    expect((await client.fetch(base, { method: "DELETE", headers: json })).status).toBe(200);
    expect((await memory(client)).pins).toEqual([]);
  });

  it("holds its count under 20 parallel requests: with one place left, exactly one is added", async () => {
    const client = await signedIn("memory-race@example.com");
    for (let i = 1; i < MEMORY_PINS_BY_TIER.FREE; i++) expect((await pin(client, { text: `Memory number ${i}.` })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pin(client, { text: `Racing memory ${i}.` })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect((await errorOf(answers.find((a) => a.status === 409)!)).message).toBe(MEMORY_MESSAGES.full(MEMORY_PINS_BY_TIER.FREE));
    expect(await storeValue(await meId(client), "SELECT count(*) FROM memory_pins")).toBe(MEMORY_PINS_BY_TIER.FREE);
    expect((await memory(client)).pinsLeft).toBe(0);
  });

  it("a paid tier keeps more", async () => {
    const client = await signedIn("memory-gold@example.com");
    await env.DB.prepare("UPDATE users SET tier = 'GOLD' WHERE id = ?")
      .bind(await meId(client))
      .run();
    expect((await memory(client)).pinLimit).toBe(MEMORY_PINS_BY_TIER.GOLD);
  });

  it("the character recalls a memory when asked, even with no model server (the offline writer)", async () => {
    const client = await signedIn("memory-recall@example.com");
    await pin(client, { text: "My sister is called Ilse." });
    await pin(client, { text: "I am afraid of deep water." });
    const messages = await exchange(client, "Do you remember what my sister is called?");
    expect(messages.at(-1)!.content).toContain("Your sister is called Ilse.");
  });

  it("a chat longer than the model reads gets a running summary after a reply: shown in Memory, correctable, recalled when asked", async () => {
    const client = await signedIn("memory-summary@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 50);
    expect((await memory(client)).summary).toBeNull();
    // Each message is about 900 tokens: by the fourth, the oldest no longer fit the 4,096-token context.
    const filler = " The sea is grey and the wind is cold tonight.".repeat(75);
    await exchange(client, `My sister is called Ilse.${filler}`);
    for (let i = 0; i < 4; i++) await exchange(client, `I keep watching the water.${filler}`);
    let summary: string | null = null;
    for (let i = 0; i < 50 && !summary; i++) {
      summary = (await memory(client)).summary;
      if (!summary) await new Promise((r) => setTimeout(r, 100));
    }
    expect(summary).toContain("sister is called Ilse.");

    const put = (body: object) => client.fetch(base, { method: "PUT", headers: json, body: JSON.stringify(body) });
    expect((await errorOf(await put({ summary: " " }))).message).toBe(`summary: ${MEMORY_MESSAGES.writeSummary}`);
    // The summary names the person as the chat does; a correction keeps it and adds a line.
    expect((await put({ summary: `${summary} Deep water frightens them.` })).status).toBe(200);
    expect((await memory(client)).summary).toBe(`${summary} Deep water frightens them.`);

    const messages = await exchange(client, "Do you remember what my sister is called?");
    expect(messages.at(-1)!.content).toContain("Your sister is called Ilse.");
  });

  it("a line the character said before the running summary is still recalled in the character's own words", async () => {
    // A send reads the branch only from the summary's point on (decision 068): a pinned line older
    // than that keeps who said it from the memory itself.
    const lamp = "memorylamp000001";
    const owner = await insertUser({ email: "memory-lamp-owner@example.com" });
    await insertCharacter({ id: lamp, userId: owner, name: "Mira Vale", persona: "A lighthouse keeper.", greeting: "I keep the lamp lit for my brother." });
    const client = await signedIn("memory-lamp@example.com");
    await setAllowance(await meId(client), 50);
    const send = async (content: string) => {
      await (await client.postJson(`/api/chats/${lamp}/messages`, { content })).text();
      return ((await (await client.fetch(`/api/chats/${lamp}`)).json()) as { messages: { id: string; role: string; content: string }[] }).messages;
    };
    const filler = " The sea is grey and the wind is cold tonight.".repeat(75);
    const [greeting] = await send(`Good evening.${filler}`);
    expect((await client.postJson(`/api/chats/${lamp}/memory/pins`, { messageId: greeting.id })).status).toBe(201);
    for (let i = 0; i < 4; i++) await send(`I keep watching the water.${filler}`);
    let summary: string | null = null;
    for (let i = 0; i < 50 && !summary; i++) {
      summary = ((await (await client.fetch(`/api/chats/${lamp}/memory`)).json()) as Memory).summary;
      if (!summary) await new Promise((r) => setTimeout(r, 100));
    }
    expect(summary).not.toBeNull();

    const messages = await send("Do you remember why you keep the lamp lit?");
    expect(messages.at(-1)!.content).toContain("I keep the lamp lit for my brother.");
  });

  it("with no summary yet, an edit of it says why it cannot be", async () => {
    const client = await signedIn("memory-nosummary@example.com");
    const answer = await client.fetch(base, { method: "PUT", headers: json, body: JSON.stringify({ summary: "Something." }) });
    expect(answer.status).toBe(400);
    expect((await errorOf(answer)).message).toBe(MEMORY_MESSAGES.noSummaryYet);
  });

  it("a deleted chat takes its memories with it", async () => {
    const client = await signedIn("memory-gone@example.com");
    await pin(client, { text: "Remember the red door." });
    const userId = await meId(client);
    const chatId = await storeValue<string>(userId, "SELECT id FROM chats LIMIT 1");
    expect(await storeValue(userId, "SELECT count(*) FROM memory_pins")).toBe(1);
    // Saved chats are GOLD's: delete through the same object operation the saved-chats call uses.
    await env.DB.prepare("UPDATE users SET tier = 'GOLD' WHERE id = ?").bind(userId).run();
    const remove = await client.fetch("/api/chat/saved-chats", { method: "DELETE", headers: json, body: JSON.stringify({ characterId: CHARACTER, chatId }) });
    expect(remove.status).toBe(200);
    expect(await storeValue(userId, "SELECT count(*) FROM memory_pins")).toBe(0);
  });
});
