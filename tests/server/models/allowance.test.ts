import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { streamReply } from "~/services/chat/stream-reply.server";
import { getConfig } from "~/lib/config.server";
import { refundMessage, reserveMessage } from "~/models/allowance.server";
import { meId, signedIn, type Client } from "../support/client";
import { allowanceLeft, insertCharacter, insertUser, setAllowance, storeRows, storeValue } from "../support/fixtures";

const CHARACTER = "racechar00000001";
const SECOND = "racechar00000002";

beforeAll(async () => {
  const owner = await insertUser({ email: "race-owner@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Rook", persona: "Rook's Persona: A chess hustler.", greeting: "Care for a game?" });
  await insertCharacter({ id: SECOND, userId: owner, name: "Bishop", greeting: "Diagonal, always." });
});

const tokens = (userId: string) => allowanceLeft(userId);
const replies = (userId: string) => storeValue<number>(userId, "SELECT count(*) AS n FROM messages WHERE role = 'character' AND parent_id IS NOT NULL");

/** Sends 10 calls at once and reads every answer to its end (streams included). */
async function tenAtOnce(call: () => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: 10 }, call));
  await Promise.all(responses.map((r) => r.text()));
  return responses.map((r) => r.status).sort();
}

/**
 * One call writes; the other nine are refused, each for a true reason: no message left (429), or, when
 * it looked after the winner had started, a message that is no longer finished (400).
 */
const onlyOneWritten = (statuses: number[]) => statuses[0] === 200 && statuses.slice(1).every((s) => s === 429 || s === 400) && statuses.length === 10;

describe("the allowance is reserved before a reply is written", () => {
  it("with 1 message left, 10 parallel sends give exactly 1 reply and 9 answers of 429", async () => {
    const client = await signedIn("race-send@example.com");
    const userId = await meId(client);
    await client.fetch(`/api/chats/${CHARACTER}`);
    await setAllowance(userId, 1);
    const statuses = await tenAtOnce(() => client.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Your move." }));
    expect(statuses).toEqual([200, ...Array(9).fill(429)]);
    expect(await tokens(userId)).toBe(0);
    expect(await replies(userId)).toBe(1);
  });

  it("a call refused for what it asks keeps the allowance whole, even 10 at once with 1 left", async () => {
    const client = await signedIn("race-refused@example.com");
    const userId = await meId(client);
    const { messages } = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string }[] };
    await setAllowance(userId, 1);
    // The greeting cannot be regenerated; a branch cannot start from a message that is not there.
    expect(await tenAtOnce(() => client.postJson(`/api/chats/${CHARACTER}/messages/${messages[0].id}/regenerate`, {}))).toEqual(Array(10).fill(400));
    expect(await tenAtOnce(() => client.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Hm.", parentId: "nosuchmessage001" }))).toEqual(
      Array(10).fill(400),
    );
    expect(await tokens(userId)).toBe(1);
  });

  it("regenerate and continue are held to the same count", async () => {
    const client = await signedIn("race-regenerate@example.com");
    const userId = await meId(client);
    await (await client.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Opening move?" })).text();
    const { messages } = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string }[] };
    const reply = messages.at(-1)!.id;

    await setAllowance(userId, 1);
    expect(onlyOneWritten(await tenAtOnce(() => client.postJson(`/api/chats/${CHARACTER}/messages/${reply}/regenerate`, {})))).toBe(true);
    expect(await tokens(userId)).toBe(0);

    const after = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string }[] };
    await setAllowance(userId, 1);
    expect(onlyOneWritten(await tenAtOnce(() => client.postJson(`/api/chats/${CHARACTER}/messages/${after.messages.at(-1)!.id}/continue`, {})))).toBe(true);
    expect(await tokens(userId)).toBe(0);
  });

  it("a reply that fails gives its message back; a stopped or deleted one keeps it", async () => {
    const client = await signedIn("race-refund@example.com");
    const userId = await meId(client);
    const base = getConfig(env);
    const config = { ...base, text: { ...base.text, provider: "openai" as const, baseUrl: "http://127.0.0.1:8795/v1" } };
    const chatId = ((await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { chatId: string }).chatId;

    async function reply(messageId: string, userText: string, stop?: "delete") {
      await storeRows(userId, "INSERT INTO messages (id, chat_id, role, content, status) VALUES (?, ?, 'character', '', 'streaming')", messageId, chatId);
      if (stop) await storeRows(userId, "DELETE FROM messages WHERE id = ?", messageId);
      const reserved = await reserveMessage({ env, userId }, config.allowance);
      if (!reserved.ok) throw new Error("no message left");
      const response = await streamReply(
        { config },
        { env, userId },
        {
          characterId: CHARACTER,
          chatId,
          replyId: messageId,
          userMessageId: null,
          prefix: "",
          model: "Mage",
          maxTokens: 50,
          prompt: [{ role: "user", content: userText }],
          character: { name: "Rook", persona: "", scenario: "", tags: [], userName: "User" },
          reservation: reserved.reservation,
        },
      );
      await response.text();
    }

    await setAllowance(userId, 5);
    await reply("refund0000000001", "[[500]]");
    expect(await tokens(userId)).toBe(5);
    expect(await storeValue(userId, "SELECT status FROM messages WHERE id = 'refund0000000001'")).toBe("failed");
    await reply("refund0000000002", "A fine game.");
    expect(await tokens(userId)).toBe(4);
    await reply("refund0000000003", "Gone before it starts.", "delete");
    expect(await tokens(userId)).toBe(3);
  });

  it("a refund never crosses into a new period and never tops the allowance up past its size", async () => {
    const userId = await insertUser({ email: "race-period@example.com" });
    const config = { size: 2, periodMs: 60_000 };
    const first = await reserveMessage({ env, userId }, config, 1_000);
    expect(first.ok && (await tokens(userId))).toBe(1);
    // The period ends; a new one starts on the next reservation.
    const second = await reserveMessage({ env, userId }, config, 70_000);
    expect(second.ok && (await tokens(userId))).toBe(1);
    if (first.ok) await refundMessage(env, first.reservation, config);
    expect(await tokens(userId)).toBe(1);
    if (second.ok) await refundMessage(env, second.reservation, config);
    if (second.ok) await refundMessage(env, second.reservation, config);
    expect(await tokens(userId)).toBe(2);
  });
});

describe("one message left, two tabs of one person (issue 58: the allowance lives in the person's object)", () => {
  /** 8 calls at once, half from each tab (two sessions of the same person); every answer read to its end. */
  async function eightFromTwoTabs(tabs: [Client, Client], call: (tab: Client) => Promise<Response>) {
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => call(tabs[i % 2])));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    const statuses = responses.map((r) => r.status).sort();
    for (const [i, response] of responses.entries()) if (response.status === 429) expect(JSON.parse(bodies[i]).error.code).toBe("allowance_empty");
    return statuses;
  }

  async function twoTabs(email: string) {
    const one = await signedIn(email);
    const two = await signedIn(email);
    return { tabs: [one, two] as [Client, Client], userId: await meId(one) };
  }

  it("sends: exactly one reply and seven 429s", async () => {
    const { tabs, userId } = await twoTabs("tabs-send@example.com");
    await tabs[0].fetch(`/api/chats/${CHARACTER}`);
    await setAllowance(userId, 1);
    expect(await eightFromTwoTabs(tabs, (tab) => tab.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Check." }))).toEqual([
      200,
      ...Array(7).fill(429),
    ]);
    expect(await tokens(userId)).toBe(0);
    expect(await replies(userId)).toBe(1);
  });

  it("regenerate and continue: exactly one reply and seven 429s each", async () => {
    const { tabs, userId } = await twoTabs("tabs-redo@example.com");
    await (await tabs[0].postJson(`/api/chats/${CHARACTER}/messages`, { content: "Opening move?" })).text();
    const reply = async () => ((await (await tabs[0].fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string }[] }).messages.at(-1)!.id;

    const before = await replies(userId);
    await setAllowance(userId, 1);
    const first = await reply();
    expect(await eightFromTwoTabs(tabs, (tab) => tab.postJson(`/api/chats/${CHARACTER}/messages/${first}/regenerate`, {}))).toEqual([
      200,
      ...Array(7).fill(429),
    ]);
    expect(await tokens(userId)).toBe(0);
    expect(await replies(userId)).toBe((before ?? 0) + 1);

    await setAllowance(userId, 1);
    const last = await reply();
    expect(await eightFromTwoTabs(tabs, (tab) => tab.postJson(`/api/chats/${CHARACTER}/messages/${last}/continue`, {}))).toEqual([200, ...Array(7).fill(429)]);
    expect(await tokens(userId)).toBe(0);
  });

  it("a group turn: exactly one reply and seven 429s", async () => {
    const { tabs, userId } = await twoTabs("tabs-group@example.com");
    const made = await tabs[0].postJson("/api/groups", { characterIds: [CHARACTER, SECOND] });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await setAllowance(userId, 1);
    expect(await eightFromTwoTabs(tabs, (tab) => tab.postJson(`/api/groups/${id}/messages`, { content: "Both of you, listen." }))).toEqual([
      200,
      ...Array(7).fill(429),
    ]);
    expect(await tokens(userId)).toBe(0);
  });

  it("a picture: exactly one queued and seven 429s", async () => {
    const { tabs, userId } = await twoTabs("tabs-picture@example.com");
    await setAllowance(userId, 1, new Date(Date.now() + 3_600_000), "image");
    expect(await eightFromTwoTabs(tabs, (tab) => tab.postJson("/api/images", { prompt: "a quiet harbour at dawn", model: "anime" }))).toEqual([
      202,
      ...Array(7).fill(429),
    ]);
    expect(await allowanceLeft(userId, "image")).toBe(0);
  });
});
