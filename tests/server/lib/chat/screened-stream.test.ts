import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { streamReply } from "~/services/chat/stream-reply.server";
import { getConfig } from "~/lib/config.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import { type Client, meId, signedIn } from "../../support/client";
import { insertCharacter, storeRows } from "../../support/fixtures";

/**
 * Issue 59: nothing is shown before it is screened. A reply reaches no client, the page that asked
 * or any other tab, before the sentence it belongs to has passed the gate. The fake model's reply
 * ("[[third]]") puts a minor in a sexual context in its third sentence, its words cut across tokens.
 */
const CHARACTER = "screenedstream01";
const FIRST_TWO = "We walk down to the shore. The waves rise and fall.";

beforeAll(async () => {
  await insertCharacter({ id: CHARACTER, name: "Tide", greeting: "The sea is loud today." });
});

async function listen(client: Client) {
  const response = await client.fetch(`/api/chats/${CHARACTER}/live`, { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const frames: string[] = [];
  socket.addEventListener("message", (event) => frames.push(event.data as string));
  socket.accept();
  return { socket, frames };
}

describe("a streamed reply is let through a sentence at a time", () => {
  it("a reply whose third sentence is unsafe delivers the first two sentences, and nothing of the third, to every client", async () => {
    const writer = await signedIn("screened-stream@example.com");
    const otherTab = await signedIn("screened-stream@example.com");
    const userId = await meId(writer);
    const { chatId } = (await (await writer.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string };
    const { socket, frames } = await listen(otherTab);
    await storeRows(userId, "INSERT INTO messages (id, chat_id, role, content, status) VALUES ('screenedreply001', ?, 'character', '', 'streaming')", chatId);

    const base = getConfig(env);
    const config = { ...base, text: { ...base.text, provider: "openai" as const, baseUrl: "http://127.0.0.1:8795/v1" } };
    const response = await streamReply(
      { config },
      { env, userId },
      {
        characterId: CHARACTER,
        chatId,
        replyId: "screenedreply001",
        userMessageId: null,
        prefix: "",
        model: "Mage",
        maxTokens: 400,
        prompt: [{ role: "user", content: "[[third]] Tell me about the beach." }],
        character: { name: "Tide", persona: "", scenario: "", tags: [], userName: "User" },
        reservation: null,
      },
    );
    const events = await response.text();
    const tokens = [...events.matchAll(/event: token\ndata: (.*)\n/g)].map((m) => (JSON.parse(m[1]) as { text: string }).text).join("");

    // The page that asked got the first two sentences whole, then the safety message, and nothing of the third.
    expect(tokens).toBe(FIRST_TWO + " ");
    expect(events).toContain(CHAT_MESSAGES.replyWithheld);
    for (const word of ["four", "teen", "undress", "The end"]) expect(events).not.toContain(word);

    // Another tab reads what was stored: the two sentences, failed with the safety message; it heard nothing of the third.
    for (let i = 0; i < 50 && !frames.some((f) => f.includes("changed")); i++) await new Promise((r) => setTimeout(r, 20));
    for (const word of ["four", "teen", "undress"]) expect(frames.join("")).not.toContain(word);
    const [stored] = await storeRows<{ content: string; status: string; error: string | null }>(
      userId,
      "SELECT content, status, error FROM messages WHERE id = 'screenedreply001'",
    );
    expect(stored).toEqual({ content: FIRST_TWO, status: "failed", error: CHAT_MESSAGES.replyWithheld });
    socket.close();

    // Moderators see the withheld text (Mod Central's queue reads these rows).
    const event = await env.DB.prepare("SELECT source, field, text FROM screen_events WHERE user_id = ? ORDER BY created_at DESC")
      .bind(userId)
      .first<{ source: string; field: string; text: string }>();
    expect(event).toMatchObject({ source: "withheld", field: "reply" });
    expect(event!.text).toContain("fourteen");
  });
});
