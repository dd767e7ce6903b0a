import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { streamReply } from "~/services/chat/stream-reply.server";
import { getConfig } from "~/lib/config.server";
import { reserveMessage } from "~/models/allowance.server";
import { userStore } from "~/models/user-store.server";
import { CHAT_MESSAGES } from "~/spec/messages";
import { meId, signedIn } from "../../support/client";
import { allowanceLeft, insertCharacter, setAllowance, storeRows } from "../../support/fixtures";

/**
 * A reply's text is saved in the user's object as it grows (decision 030), so a reload or another
 * device shows the reply so far; the writer goes on when nobody reads the stream.
 */
const CHARACTER = "progresschar0001";

beforeAll(async () => {
  await insertCharacter({ id: CHARACTER, name: "Rook", greeting: "Evening." });
});

/** Stores reply `replyId` as being written and has the object write it from the fake model server, a token every 250 ms. */
async function dripReply(userId: string, chatId: string, replyId: string) {
  await storeRows(userId, "INSERT INTO messages (id, chat_id, role, content, status) VALUES (?, ?, 'character', '', 'streaming')", replyId, chatId);
  const base = getConfig(env);
  const config = { ...base, text: { ...base.text, provider: "openai" as const, baseUrl: "http://127.0.0.1:8795/v1" } };
  return await streamReply(
    { config },
    { env, userId },
    {
      characterId: CHARACTER,
      chatId,
      replyId,
      userMessageId: null,
      prefix: "",
      model: "Mage",
      maxTokens: 200,
      prompt: [{ role: "user", content: "[[drip]] Tell me a story." }],
      character: { name: "Rook", persona: "", scenario: "", tags: [], userName: "User" },
      reservation: null,
    },
  );
}

describe("a reply being written", () => {
  it("is saved as it grows while nobody reads its stream, then saved whole", async () => {
    const client = await signedIn("progress@example.com");
    const userId = await meId(client);
    const { chatId } = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string };
    const response = await dripReply(userId, chatId, "progressreply001");
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
    // The object goes on writing to the end with nobody reading.
    for (let i = 0; i < 100 && (await reply()).status === "streaming"; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await reply()).toEqual({ content: "Hello there, traveller. The sea is calm tonight.", status: "complete" });
  }, 15_000);

  it("one whose writer died with the object is stored failed, for Retry, by the object's alarm, and its message is given back", async () => {
    const client = await signedIn("progress-stalled@example.com");
    const userId = await meId(client);
    const { chatId } = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string };
    const config = getConfig(env);
    await setAllowance(userId, 5);
    const reserved = await reserveMessage({ env, userId }, config.allowance);
    if (!reserved.ok) throw new Error("no message left");
    // A reply the object recorded as being written, with its text so far, and no writer left (as after an eviction).
    await storeRows(
      userId,
      "INSERT INTO messages (id, chat_id, role, content, status) VALUES ('stalledreply0001', ?, 'character', 'Half a sen', 'streaming')",
      chatId,
    );
    const writing = { reservation: { userId, resetAt: reserved.reservation.resetAt.toISOString() }, prefix: "", characterId: CHARACTER };
    await storeRows(userId, "INSERT INTO meta (key, value) VALUES ('writing:stalledreply0001', ?)", JSON.stringify(writing));
    await runInDurableObject(userStore(env, userId), (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
    const tokens = () => allowanceLeft(userId);
    expect(await tokens()).toBe(4);

    expect(await runDurableObjectAlarm(userStore(env, userId))).toBe(true);
    const [row] = await storeRows<{ content: string; status: string; error: string }>(
      userId,
      "SELECT content, status, error FROM messages WHERE id = 'stalledreply0001'",
    );
    expect(row).toEqual({ content: "Half a sen", status: "failed", error: CHAT_MESSAGES.replyInterrupted });
    expect(await tokens()).toBe(5);
    expect(await storeRows(userId, "SELECT key FROM meta WHERE key LIKE 'writing:%'")).toEqual([]);
  });

  it("one still being written is left to its writer when the alarm comes", async () => {
    const client = await signedIn("progress-alive@example.com");
    const userId = await meId(client);
    const { chatId } = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string };
    const response = await dripReply(userId, chatId, "alivereply000001");
    expect(await runDurableObjectAlarm(userStore(env, userId))).toBe(true);
    expect(await storeRows(userId, "SELECT status FROM messages WHERE id = 'alivereply000001'")).toEqual([{ status: "streaming" }]);
    expect(await response.text()).toContain("event: done");
    expect(await storeRows(userId, "SELECT status FROM messages WHERE id = 'alivereply000001'")).toEqual([{ status: "complete" }]);
  }, 15_000);
});
