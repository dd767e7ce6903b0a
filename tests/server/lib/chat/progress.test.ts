import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { streamReply } from "~/lib/chat/stream-reply.server";
import { getConfig } from "~/lib/config.server";
import { meId, signedIn } from "../../support/client";
import { insertCharacter, storeRows } from "../../support/fixtures";

/**
 * A reply's text is saved in the user's object as it grows (decision 030), so a reload or another
 * device shows the reply so far; the writer goes on when nobody reads the stream.
 */
const CHARACTER = "progresschar0001";

beforeAll(async () => {
  await insertCharacter({ id: CHARACTER, name: "Rook", greeting: "Evening." });
});

describe("a reply being written", () => {
  it("is saved as it grows while nobody reads its stream, then saved whole", async () => {
    const client = await signedIn("progress@example.com");
    const userId = await meId(client);
    const { chatId } = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string };
    await storeRows(userId, "INSERT INTO messages (id, chat_id, role, content, status) VALUES ('progressreply001', ?, 'character', '', 'streaming')", chatId);
    const base = getConfig(env);
    const config = { ...base, text: { ...base.text, provider: "openai" as const, baseUrl: "http://127.0.0.1:8795/v1" } };
    const ctx = createExecutionContext();
    const response = streamReply({ db: createDb(env.DB), config, ctx, env } as never, {
      owner: { env, userId },
      characterId: CHARACTER,
      chatId,
      replyId: "progressreply001",
      userMessageId: null,
      prefix: "",
      model: "Mage",
      maxTokens: 200,
      // The fake server answers a token every 250 ms.
      prompt: [{ role: "user", content: "[[drip]] Tell me a story." }],
      character: { name: "Rook", persona: "", scenario: "", tags: [], userName: "User" },
      reservation: null,
    });
    // Nobody reads the stream: the browser has gone.
    await response.body!.cancel();
    const reply = async () =>
      (await storeRows<{ content: string; status: string }>(userId, "SELECT content, status FROM messages WHERE id = 'progressreply001'"))[0];
    let partial: { content: string; status: string } | undefined;
    for (let i = 0; i < 60 && !partial; i++) {
      const now = await reply();
      if (now.status === "streaming" && now.content) partial = now;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(partial?.content).toMatch(/^Hello/);
    expect(partial!.content.length).toBeLessThan("Hello there, traveller. The sea is calm tonight.".length);
    await waitOnExecutionContext(ctx);
    expect(await reply()).toEqual({ content: "Hello there, traveller. The sea is calm tonight.", status: "complete" });
  }, 15_000);
});
