import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { streamReply } from "~/services/chat/stream-reply.server";
import { getConfig } from "~/lib/config.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES, SAFETY_MESSAGE } from "~/spec/messages";
import { type Client, meId, putJson, signedIn } from "../../support/client";
import { insertCharacter, storeRows } from "../../support/fixtures";

/**
 * Limits on what is stored (issue 22): Stop and Continue obey the message limit and the safety
 * module; what the model writes passes the safety module; and so does everything a person writes
 * about themself.
 */
const CHARACTER = "limitschar000001";
let client: Client;
let chatId: string;
let userId: string;

const row = async (id: string) =>
  (await storeRows<{ content: string; status: string; error: string | null }>(userId, "SELECT content, status, error FROM messages WHERE id = ?", id))[0];

/** Streams a reply from the fake model server into message `id` (already stored, streaming), as the chat does. */
async function modelReply(id: string, userText: string, prefix = "") {
  const base = getConfig(env);
  const config = { ...base, text: { ...base.text, provider: "openai" as const, baseUrl: "http://127.0.0.1:8795/v1" } };
  const response = await streamReply(
    { config },
    { env, userId },
    {
      characterId: CHARACTER,
      chatId,
      replyId: id,
      userMessageId: null,
      prefix,
      model: "Mage",
      maxTokens: 4000,
      prompt: [{ role: "user", content: userText }],
      character: { name: "Rook", persona: "", scenario: "", tags: [], userName: "User" },
      reservation: null,
    },
  );
  return await response.text();
}

beforeAll(async () => {
  await insertCharacter({ id: CHARACTER, name: "Rook", greeting: "Evening." });
  client = await signedIn("limits@example.com");
  chatId = ((await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string }).chatId;
  userId = await meId(client);
});

/** A character message of the chat, stored as the chat stores one (in the user's own object). */
const stored = (id: string, content: string, status: string) =>
  storeRows(userId, "INSERT INTO messages (id, chat_id, role, content, status) VALUES (?, ?, 'character', ?, ?)", id, chatId, content, status);
const streaming = (id: string, content = "") => stored(id, content, "streaming");

describe("what the model writes passes the safety module", () => {
  it("a reply that refers to minors stops at the sentence where the reference appears, which is never shown or stored, and Retry is offered", async () => {
    await streaming("limitsminor00001");
    const streamed = await modelReply("limitsminor00001", "[[minor]]");
    // The words that make the reference never reach the reader; the page then shows the notice, not the text.
    expect(streamed).not.toContain('"text":" old"');
    expect(streamed).toContain(CHAT_MESSAGES.replyWithheld);
    // What passed before it (the first sentence, which was shown) is kept, for Retry; nothing of the withheld one.
    expect(await row("limitsminor00001")).toEqual({ content: "She smiles at you.", status: "failed", error: CHAT_MESSAGES.replyWithheld });
  });

  it("a reply stops at the message limit, and so does Continue", async () => {
    await streaming("limitslong000001");
    await modelReply("limitslong000001", "[[long]]");
    const long = await row("limitslong000001");
    expect(long!.status).toBe("complete");
    expect(long!.content.length).toBeLessThanOrEqual(LIMITS.messageMax);
    expect(long!.content.length).toBeGreaterThan(LIMITS.messageMax - 10);

    const nearly = "x".repeat(LIMITS.messageMax - 20);
    await streaming("limitslong000002", nearly);
    await modelReply("limitslong000002", "[[long]]", `${nearly} `);
    expect((await row("limitslong000002"))!.content.length).toBeLessThanOrEqual(LIMITS.messageMax);
  });
});

describe("Stop and Continue obey the message limit and the safety module", () => {
  it("Stop cuts a 100,000-character text to the message limit, and does not keep text that refers to minors", async () => {
    await streaming("limitsstop000001");
    const stopped = await client.postJson(`/api/chats/${CHARACTER}/messages/limitsstop000001/stop`, { content: "y".repeat(100_000) });
    expect(stopped.status).toBe(200);
    expect((await row("limitsstop000001"))!.content.length).toBe(LIMITS.messageMax);

    await streaming("limitsstop000002");
    await client.postJson(`/api/chats/${CHARACTER}/messages/limitsstop000002/stop`, { content: "She is sixteen years old and they sleep together." });
    expect(await row("limitsstop000002")).toEqual({ content: "", status: "failed", error: CHAT_MESSAGES.replyWithheld });
  });

  it("Continue on a message already at the limit is refused", async () => {
    await stored("limitsfull000001", "z".repeat(LIMITS.messageMax), "complete");
    const answer = await client.postJson(`/api/chats/${CHARACTER}/messages/limitsfull000001/continue`, {});
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as any).error.message).toBe(CHAT_MESSAGES.atLengthLimit(LIMITS.messageMax));
  });
});

describe("the safety module covers what a person writes about themself", () => {
  it("refuses personas, display names, profile descriptions, the name characters use and the account persona that refer to minors", async () => {
    const refusals = [
      await client.postJson("/api/personas", { name: "Me", persona: "I am fifteen years old." }),
      await client.postJson("/api/personas", { name: "L0li", persona: "Just me." }),
      await putJson(client, "/api/profile/update", { name: "sch00lgirl" }),
      await putJson(client, "/api/profile/update", { description: "a ch\u200bild who loves cartoons" }),
      await putJson(client, "/api/profile/update", { nameKnownToBot: "kid" }),
      await putJson(client, "/api/profile/update", { persona: "aged 1 4" }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as any).error.message).toContain(SAFETY_MESSAGE("").slice(3));
    }
    expect((await putJson(client, "/api/profile/update", { description: "Just kidding around, Sonny." })).status).toBe(200);
  });
});
