import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../support/worker";
import { putJson, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

// Who the person is to a character (issue 27): the persona they chat as wins; without one, the
// profile's "What characters call you" and account persona reach the prompt. The model is
// tests/support/fake-openai.mjs, which keeps the requests it got.
const CHARACTER = "identitychar0001";
const MODEL = "http://127.0.0.1:8795";
const openAi = { ...env, TEXT_PROVIDER: "openai", TEXT_API_BASE_URL: `${MODEL}/v1` } as unknown as Env;
type ChatRequest = { messages: { role: string; content: string }[] };

beforeAll(async () => {
  const owner = await insertUser({ email: "identity-author@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Mira Vale", greeting: "Welcome, {{user}}." });
});

describe("who the person is in the prompt", () => {
  it("the profile's name for characters and account persona, until a persona is chosen", async () => {
    const client = await signedIn("identity@example.com");
    expect((await putJson(client, "/api/profile/update", { nameKnownToBot: "Captain Reyes", persona: "A retired sea captain with a limp." })).status).toBe(200);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const send = async (content: string) => {
      const request = new Request(`http://127.0.0.1/api/chats/${CHARACTER}/messages`, {
        method: "POST",
        headers: { cookie, origin: "http://127.0.0.1", "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
      await (await worker.fetch(request as never, openAi, createExecutionContext())).text();
      const requests = (await (await fetch(`${MODEL}/requests`)).json()) as ChatRequest[];
      return [...requests].reverse().find((r) => r.messages.at(-1)?.content === content)!.messages;
    };

    const first = await send("Ahoy there.");
    expect(first[0].content).toContain("Captain Reyes's persona: A retired sea captain with a limp.");
    // The greeting's {{user}} reads as the name characters call them.
    expect(first[1].content).toBe("Welcome, Captain Reyes.");
    const page = await (await client.fetch(`/characters/chat/${CHARACTER}`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain("Captain Reyes");

    expect((await client.postJson("/api/personas", { name: "Wren", persona: "A wandering botanist.", isDefault: true })).status).toBe(200);
    const second = await send("Hello again.");
    expect(second[0].content).toContain("Wren's persona: A wandering botanist.");
    expect(second[0].content).not.toContain("sea captain");
  });
});
