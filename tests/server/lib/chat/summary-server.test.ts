import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { estimateTokens } from "~/lib/tokens";
import { SUMMARY_FOLD_MAX_CHARS, SUMMARY_MAX_CHARS } from "~/lib/chat/summary";
import worker from "../../support/worker";
import { putJson, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

// Issue 25's measure, against a model server: a 300-message chat in a 2,048-token context keeps a
// fact told in message 3 in the prompt of message 300, through the running summary, and no prompt
// goes over the budget. The model is tests/support/fake-openai.mjs (global setup), which answers
// summary requests as a model would.
const CHARACTER = "summaryserver001";
const MODEL = "http://127.0.0.1:8795";
const openAi = { ...env, TEXT_PROVIDER: "openai", TEXT_API_BASE_URL: `${MODEL}/v1`, TEXT_CONTEXT_TOKENS: "2048" } as unknown as Env;
type ChatRequest = { messages: { role: string; content: string }[]; max_tokens?: number };

beforeAll(async () => {
  const owner = await insertUser({ email: "summary-server-author@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Mira Vale", persona: "Mira Vale's Persona: A lighthouse keeper.", greeting: "Welcome." });
});

/** 297 messages as a SillyTavern file: the greeting, a second line of hers, the person's fact, then ordinary talk. */
function longChat() {
  const lines: object[] = [{ user_name: "Sam", character_name: "Mira Vale" }];
  const say = (isUser: boolean, mes: string) => lines.push({ name: isUser ? "Sam" : "Mira Vale", is_user: isUser, mes });
  say(false, "*The lamp turns.* Welcome to the lighthouse, traveller.");
  say(false, "*She sets a kettle on the stove.* Tell me about yourself.");
  say(true, "My sister is called Ilse, and she keeps bees on the hill above Vell.");
  for (let n = 4; n <= 297; n++)
    say(
      n % 2 === 0,
      n % 2 === 0
        ? `I walk along the shore for the ${n}th time and watch the gulls over the grey water.`
        : `*nods* The tide is turning again, number ${n}, and the lamp needs oil before the night comes.`,
    );
  return lines.map((l) => JSON.stringify(l)).join("\n");
}

describe("the running summary against a model server (issue 25)", () => {
  it("a fact from message 3 reaches the prompt of message 300 through the summary, within the 2,048-token budget", async () => {
    const client = await signedIn("summary-server@example.com");
    await env.DB.prepare("UPDATE users SET tier = 'GOLD', is_subscription_active = 1 WHERE email = 'summary-server@example.com'").run();
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const headers = { cookie, origin: "http://127.0.0.1", "cf-connecting-ip": "203.0.113.9" };
    const imported = await client.fetch(`/api/chats/${CHARACTER}/import`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/jsonl" },
      body: longChat(),
    });
    expect(await imported.json()).toMatchObject({ messages: 297 });

    const before = ((await (await fetch(`${MODEL}/requests`)).json()) as ChatRequest[]).length;
    /** Sends as the page does, with the Worker configured for the model server; reads the reply to its end. */
    const send = async (content: string) => {
      const request = new Request(`http://127.0.0.1/api/chats/${CHARACTER}/messages`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
      const response = await worker.fetch(request as never, openAi, createExecutionContext());
      expect(response.status).toBe(200);
      return await response.text();
    };
    const summary = async () => ((await (await client.fetch(`/api/chats/${CHARACTER}/memory`)).json()) as { summary: string | null }).summary;

    expect(await send("Message 298: the wind is picking up.")).toContain("traveller");
    // The summary is written after the reply, in the background: the person never waits for it.
    for (let i = 0; i < 100 && !(await summary()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await summary()).toMatch(/said: My sister is called Ilse/);

    await send("Message 300: do you remember my family?");
    const requests = ((await (await fetch(`${MODEL}/requests`)).json()) as ChatRequest[]).slice(before);
    const isSummary = (r: ChatRequest) => r.messages[0].content.startsWith("You keep the memory");
    const replies = requests.filter((r) => !isSummary(r));
    expect(replies).toHaveLength(2);
    for (const prompt of replies) {
      const used = prompt.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
      expect(used).toBeLessThanOrEqual(2048 - (prompt.max_tokens ?? 0));
    }
    const last = replies[1];
    expect(last.messages.at(-1)!.content).toBe("Message 300: do you remember my family?");
    // Message 3 itself fell out of the prompt long ago: the fact is there through the summary.
    expect(last.messages.slice(1).some((m) => m.content.includes("Ilse"))).toBe(false);
    expect(last.messages[0].content).toMatch(/The story so far: .*said: My sister is called Ilse/);
    // No summary request carried more than a part of the backlog: the summary so far, and at most
    // SUMMARY_FOLD_MAX_CHARS of messages with a name before each line (the whole backlog is about 27,000).
    for (const request of requests.filter(isSummary)) expect(request.messages[1].content.length).toBeLessThan(SUMMARY_MAX_CHARS + SUMMARY_FOLD_MAX_CHARS * 1.2);

    // Regenerate and Continue read the branch only from the summary's point too (decision 070), and
    // plan the same prompt a send does: the summary, then the messages after it.
    const chat = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string; role: string }[] };
    const reply = chat.messages.at(-1)!;
    expect(reply.role).toBe("character");
    const call = async (action: "regenerate" | "continue") => {
      const request = new Request(`http://127.0.0.1/api/chats/${CHARACTER}/messages/${reply.id}/${action}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({}),
      });
      const response = await worker.fetch(request as never, openAi, createExecutionContext());
      expect(response.status).toBe(200);
      await response.text();
      return ((await (await fetch(`${MODEL}/requests`)).json()) as ChatRequest[]).filter((r) => !isSummary(r)).at(-1)!.messages;
    };
    expect(await call("regenerate")).toEqual(last.messages);
    const continued = await call("continue");
    expect(continued[0].content).toMatch(/The story so far: .*said: My sister is called Ilse/);
    expect(continued.slice(0, last.messages.length)).toEqual(last.messages);
    expect(continued.slice(last.messages.length).map((m) => m.role)).toEqual(["assistant"]);

    // The memory calls read the branch from the summary's point too (decision 072): the summary on
    // screen is found, a line from long before it can still be remembered, and the summary corrected.
    const whole = (await (await client.fetch(`/api/chats/${CHARACTER}?latest=all`)).json()) as { messages: { id: string; content: string }[] };
    const ilse = whole.messages.find((m) => m.content.includes("My sister is called Ilse"))!;
    expect((await client.postJson(`/api/chats/${CHARACTER}/memory/pins`, { messageId: ilse.id })).status).toBe(201);
    expect((await client.postJson(`/api/chats/${CHARACTER}/memory/pins`, { messageId: "nosuchmessage001" })).status).toBe(404);
    const memory = (await (await client.fetch(`/api/chats/${CHARACTER}/memory`)).json()) as { pins: { messageId: string }[]; summary: string };
    expect(memory.pins.map((p) => p.messageId)).toEqual([ilse.id]);
    expect(memory.summary).toMatch(/said: My sister is called Ilse/);
    const corrected = await putJson(client, `/api/chats/${CHARACTER}/memory`, { summary: "Sam's sister is Ilse; the wind is rising." });
    expect(corrected.status).toBe(200);
    expect(await summary()).toBe("Sam's sister is Ilse; the wind is rising.");
  });
});
