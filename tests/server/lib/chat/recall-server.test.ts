import { createExecutionContext, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../support/worker";
import { signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";
import { userStore } from "~/models/user-store.server";
import { recallTerms } from "~/lib/chat/recall";

// Issue 62: recall brings an old moment of the chat back into the prompt when the conversation touches
// it again, from the branch on screen only. Against tests/support/fake-openai.mjs, which records prompts.
const MODEL = "http://127.0.0.1:8795";
type ChatRequest = { messages: { role: string; content: string }[] };
type Message = { id: string; role: string; content: string; memory?: { pins: string[]; recalled: string[]; summary: boolean; lore: string[] } };

const FILLER = [
  "The tide comes in slowly over the flat grey sand tonight.",
  "*She trims the wick and watches the lamp flare.* Another quiet evening.",
  "I counted the gulls on the pier again; there were nine of them.",
  "*A kettle whistles in the kitchen below.* Tea is nearly ready.",
  "The ferry was late this morning because of the fog on the bay.",
  "*She writes a line in the logbook.* Wind from the west, steady.",
];

/** A SillyTavern chat file: the greeting, then `count` messages taking turns, `special[n]` in place of message n (1 is the greeting). */
function chatFile(count: number, special: Record<number, string | { swipes: string[] }>) {
  const lines: object[] = [{ user_name: "Sam", character_name: "Mira Vale" }];
  for (let n = 1; n <= count; n++) {
    const isUser = n % 2 === 0;
    const said = special[n] ?? `${FILLER[n % FILLER.length]} (${n})`;
    const line: Record<string, unknown> = { name: isUser ? "Sam" : "Mira Vale", is_user: isUser, mes: typeof said === "string" ? said : said.swipes[0] };
    if (typeof said !== "string") Object.assign(line, { swipes: said.swipes, swipe_id: 0 });
    lines.push(line);
  }
  return lines.map((l) => JSON.stringify(l)).join("\n");
}

async function person(email: string, contextTokens = 2048) {
  const client = await signedIn(email);
  await env.DB.prepare("UPDATE users SET tier = 'GOLD', is_subscription_active = 1 WHERE email = ?").bind(email).run();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers = { cookie, origin: "http://127.0.0.1", "cf-connecting-ip": "203.0.113.62" };
  const model = { ...env, TEXT_PROVIDER: "openai", TEXT_API_BASE_URL: `${MODEL}/v1`, TEXT_CONTEXT_TOKENS: String(contextTokens) } as unknown as Env;
  return {
    client,
    async import(characterId: string, body: string) {
      const answer = await client.fetch(`/api/chats/${characterId}/import`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/jsonl" },
        body,
      });
      expect(answer.status).toBe(201);
    },
    /** Sends as the page does, with the Worker configured for the model server; the prompt the model was sent. */
    async send(characterId: string, content: string) {
      const request = new Request(`http://127.0.0.1/api/chats/${characterId}/messages`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
      const response = await worker.fetch(request as never, model, createExecutionContext());
      expect(response.status).toBe(200);
      await response.text();
      const requests = (await (await fetch(`${MODEL}/requests`)).json()) as ChatRequest[];
      const prompt = requests.filter((r) => !r.messages[0].content.startsWith("You keep the memory")).at(-1)!.messages;
      expect(prompt.at(-1)!.content).toBe(content);
      return prompt;
    },
    /** The person's object: every message that waits for a vector is embedded (the alarm's work, run now until none is left). */
    async embedAll() {
      const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!;
      const store = userStore(env, id);
      const left = () =>
        runInDurableObject(store, (_i, state) =>
          Number(
            state.storage.sql.exec("SELECT count(*) AS n FROM embedding_queue q JOIN messages m ON m.rowid = q.message_rowid WHERE m.status = 'complete'").one()
              .n,
          ),
        );
      for (let run = 0; run < 100 && (await left()); run++) await runDurableObjectAlarm(store);
      expect(await left()).toBe(0);
      return store;
    },
    async messages(characterId: string) {
      return ((await (await client.fetch(`/api/chats/${characterId}?latest=all`)).json()) as { messages: Message[] }).messages;
    },
  };
}

const systemOf = (prompt: ChatRequest["messages"]) => prompt[0].content;

describe("recall (issue 62)", () => {
  beforeAll(async () => {
    const owner = await insertUser({ email: "recall-author@example.com" });
    for (const id of ["recallchar000001", "recallchar000002", "recallchar000003", "recallchar000004", "recallchar000005"])
      await insertCharacter({ id, userId: owner, name: "Mira Vale", persona: "Mira Vale keeps the lighthouse.", greeting: "Welcome." });
  });

  it("a name said once in message 12 of 3,000 comes back when the talk turns to it, with TEXT_CONTEXT_TOKENS=2048", async () => {
    const sam = await person("recall-long@example.com");
    await sam.import("recallchar000001", chatFile(3_000, { 12: "My old terrier was called Biscuit; he hid under the bed whenever thunder came." }));
    const before = await sam.messages("recallchar000001");
    expect(before).toHaveLength(3_000);
    const twelve = before[11];
    expect(twelve.content).toContain("Biscuit");

    const prompt = await sam.send("recallchar000001", "Thunder again tonight. Do you remember my old terrier?");
    // Message 12 is far outside the window: it is in the prompt because it was recalled, in its own block.
    expect(prompt.slice(1).some((m) => m.content.includes("Biscuit"))).toBe(false);
    expect(systemOf(prompt)).toMatch(/Earlier moments of this chat that Mira Vale recalls now:[\s\S]*: My old terrier was called Biscuit/);
    // The reply says what it remembered.
    const after = await sam.messages("recallchar000001");
    const reply = after.at(-1)!;
    expect(reply.role).toBe("character");
    expect(reply.memory).toEqual({ pins: [], recalled: [twelve.id], summary: expect.any(Boolean), lore: [] });
    // Every character message carries the record (one written before recall has empty lists); a person's has none.
    expect(after[1].memory).toBeUndefined();
    expect(after[0].memory).toEqual({ pins: [], recalled: [], summary: false, lore: [] });
    // "What it remembered" lists it with its words.
    const used = (await (await sam.client.fetch(`/api/chats/recallchar000001/messages/${reply.id}/memory`)).json()) as {
      recalled: { id: string; content: string }[];
    };
    expect(used.recalled.map((m) => m.id)).toEqual([twelve.id]);
    expect(used.recalled[0].content).toContain("Biscuit");
  });

  it("with an embeddings server, a question that shares no rare word with message 12 but means the same recalls it", async () => {
    const sam = await person("recall-meaning@example.com");
    const said = "I adopted a puppy last spring and I named her Biscuit.";
    await sam.import("recallchar000004", chatFile(3_000, { 12: said }));
    await sam.embedAll();
    const twelve = (await sam.messages("recallchar000004"))[11];
    expect(twelve.content).toBe(said);

    const question = "Do you remember what my dog was called?";
    // Not one of the question's words is in message 12: words alone cannot find it.
    const words = new Set(said.toLowerCase().match(/[a-z]+/g));
    expect(recallTerms([question]).filter((t) => words.has(t))).toEqual([]);
    const prompt = await sam.send("recallchar000004", question);
    expect(systemOf(prompt)).toMatch(
      /Earlier moments of this chat that Mira Vale recalls now:[\s\S]*: I adopted a puppy last spring and I named her Biscuit\./,
    );
    expect((await sam.messages("recallchar000004")).at(-1)!.memory!.recalled).toEqual([twelve.id]);
  });

  it("sends made while the background embeds lose nothing, and every message ends with one vector", async () => {
    const sam = await person("recall-parallel@example.com");
    await sam.import("recallchar000005", chatFile(1_200, { 40: "My sister Odile sails a little sloop called the Heron." }));
    const headers = { cookie: [...sam.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "), origin: "http://127.0.0.1", "content-type": "application/json" };
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = 'recall-parallel@example.com'").first<{ id: string }>())!;
    const store = userStore(env, id);
    // Eight sends at once, while the alarm embeds the 1,200 imported messages (256 a run).
    const sends = Array.from({ length: 8 }, (_, n) =>
      sam.client.fetch("/api/chats/recallchar000005/messages", {
        method: "POST",
        headers,
        body: JSON.stringify({ content: `Parallel line ${n} about the boat.` }),
      }),
    );
    const alarms = (async () => {
      for (let run = 0; run < 6; run++) await runDurableObjectAlarm(store);
    })();
    const answers = await Promise.all(sends);
    await alarms;
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await Promise.all(answers.map((a) => a.text()));
    await sam.embedAll();
    const messages = await sam.messages("recallchar000005");
    // Every send is there, answered, one after the other.
    for (let n = 0; n < 8; n++) expect(messages.filter((m) => m.content === `Parallel line ${n} about the boat.`)).toHaveLength(1);
    expect(messages).toHaveLength(1_200 + 16);
    expect(
      messages
        .slice(-16)
        .filter((m) => m.role === "character")
        .every((m) => m.content.length > 0),
    ).toBe(true);
    const counts = await runInDurableObject(store, (_i, state) => {
      const one = (q: string) => Number(state.storage.sql.exec(q).one().n);
      return {
        vectors: one("SELECT count(*) AS n FROM message_vectors"),
        distinct: one("SELECT count(DISTINCT message_rowid) AS n FROM message_vectors"),
        embeddable: one("SELECT count(*) AS n FROM messages WHERE status = 'complete' AND role != 'system' AND trim(content) != ''"),
        stale: one("SELECT count(*) AS n FROM message_vectors v LEFT JOIN messages m ON m.rowid = v.message_rowid WHERE m.rowid IS NULL"),
      };
    });
    expect(counts.vectors).toBe(counts.embeddable);
    expect(counts.distinct).toBe(counts.vectors);
    expect(counts.stale).toBe(0);
  });

  it("recalls nothing from another chat or another branch", async () => {
    const sam = await person("recall-bounds@example.com");
    // Another character's chat says the name.
    await sam.import("recallchar000002", chatFile(200, { 20: "My cat is called Marmalade and she sleeps on the piano." }));
    // This chat has the name only in a swipe that is not on screen (another branch).
    await sam.import(
      "recallchar000003",
      chatFile(400, { 21: { swipes: ["*She smiles.* Go on.", "*She laughs.* Marmalade the cat sounds like trouble on a piano."] } }),
    );
    const onScreen = await sam.messages("recallchar000003");
    expect(onScreen.some((m) => m.content.includes("Marmalade"))).toBe(false);
    const prompt = await sam.send("recallchar000003", "Marmalade jumped on the piano again.");
    expect(systemOf(prompt)).not.toContain("Marmalade the cat");
    expect((await sam.messages("recallchar000003")).at(-1)!.memory!.recalled).toEqual([]);
  });

  it("the index forgets a deleted message and follows an edited one, so neither is found by its old words", async () => {
    const userId = await insertUser({ email: "recall-index@example.com" });
    const found = await runInDurableObject(userStore(env, userId), (_instance, state) => {
      const sql = state.storage.sql;
      const count = (word: string) => sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?", word).one().n;
      sql.exec("INSERT INTO chats (id, character_id) VALUES ('recallindexchat1', 'recallchar000001')");
      const insert = (id: string, content: string) =>
        sql.exec("INSERT INTO messages (id, chat_id, role, content) VALUES (?, 'recallindexchat1', 'user', ?)", id, content);
      insert("recallindexmsg01", "The spare key is inside the blue teapot.");
      insert("recallindexmsg02", "The kettle is on.");
      const saved = count("teapot");
      sql.exec("DELETE FROM messages WHERE id = 'recallindexmsg01'");
      // A new message takes the deleted one's row: the old words must not lead to it.
      insert("recallindexmsg03", "Gulls over the pier.");
      const deleted = count("teapot");
      sql.exec("UPDATE messages SET content = 'The kettle is cold.' WHERE id = 'recallindexmsg02'");
      return { saved, deleted, edited: count("on"), newWords: count("cold") };
    });
    expect(found).toEqual({ saved: 1, deleted: 0, edited: 0, newWords: 1 });
  });
});
