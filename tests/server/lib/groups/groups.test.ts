import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../support/worker";
import { handleQueueBatch } from "~/jobs/queue.server";
import { type Client, putJson, signedIn } from "../../support/client";
import { insertCharacter, insertUser, setAllowance, allowanceLeft } from "../../support/fixtures";
import { meId } from "../../support/client";

const HOLLIS = "groupchar0000001";
const HOLLIS_GREETING = "Well, hello.";
const MIRA = "groupchar0000002";
const WREN = "groupchar0000003";
const HIDDEN = "groupchar0000004";
const MODEL = "http://127.0.0.1:8795";
const openAi = { ...env, TEXT_PROVIDER: "openai", TEXT_API_BASE_URL: `${MODEL}/v1` } as unknown as Env;

beforeAll(async () => {
  const author = await insertUser({ email: "group-author@example.com" });
  await insertCharacter({
    id: HOLLIS,
    userId: author,
    name: "Hollis Hartgrove, Hill Giantess",
    persona: "A giant farmer who loves her pumpkins.",
    greeting: HOLLIS_GREETING,
  });
  await insertCharacter({ id: MIRA, userId: author, name: "Mira Vale", persona: "A calm lighthouse keeper.", greeting: "Welcome." });
  await insertCharacter({
    id: WREN,
    userId: author,
    name: "Dr. Caspian Wren",
    persona: "A night-shift coroner.",
    greeting: "Evening.",
    cardExtras: { character_book: { entries: [{ keys: ["morgue"], content: "The morgue is under the old hospital.", enabled: true, insertion_order: 1 }] } },
  });
  await insertCharacter({ id: HIDDEN, userId: author, name: "Hidden", greeting: "Hi.", isPublic: false });
});

type Group = { id: string; name: string; mode: string; members: { id: string; name: string; muted: boolean; available: boolean }[] };
type Message = { id: string; role: string; content: string; status: string; speakerId?: string; count: number };
const create = (client: Client, body: object) => client.postJson("/api/groups", body);
const page = async (client: Client, id: string) => (await (await client.fetch(`/api/groups/${id}`)).json()) as { group: Group; messages: Message[] };
/** A turn, read to its end; the reply's speaker and text. */
async function turn(client: Client, id: string, body: object) {
  const response = await client.postJson(`/api/groups/${id}/messages`, body);
  const text = await response.text();
  return { status: response.status, text };
}
const lastReply = async (client: Client, id: string) => (await page(client, id)).messages.filter((m) => m.role === "character").at(-1)!;

async function newGroup(client: Client, body: object = {}) {
  const made = await create(client, { characterIds: [HOLLIS, MIRA, WREN], ...body });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

describe("group chats (issue 26)", () => {
  it("a group of three starts with a generated name, lists with its members, and answers a message that names one with that one", async () => {
    const client = await signedIn("group-one@example.com");
    const id = await newGroup(client);
    const list = (await (await client.fetch("/api/groups")).json()) as { groups: (Group & { lastLine: string | null })[] };
    expect(list.groups).toHaveLength(1);
    expect(list.groups[0]).toMatchObject({ id, name: "Hollis, Mira and Caspian", mode: "natural" });
    expect(list.groups[0].members.map((m) => m.id)).toEqual([HOLLIS, MIRA, WREN]);

    expect((await turn(client, id, { content: "Mira, is the lamp lit tonight?" })).status).toBe(200);
    const reply = await lastReply(client, id);
    expect(reply).toMatchObject({ speakerId: MIRA, status: "complete" });
    expect(reply.content.length).toBeGreaterThan(20);
    // The offline writer turns to another member by name, or answers in Mira's own voice; never another's name as its own.
    // A second group: each lists its own last line and who said it.
    const other = await newGroup(client, { characterIds: [WREN, HOLLIS], name: "Night shift" });
    expect((await turn(client, other, { content: "Caspian, report." })).status).toBe(200);
    const after = (await (await client.fetch("/api/groups")).json()) as { groups: { id: string; name: string; lastLine: string; lastSpeakerId: string }[] };
    expect(after.groups.map((g) => [g.id, g.lastSpeakerId])).toEqual([
      [other, WREN],
      [id, MIRA],
    ]);
    expect(after.groups[1].lastLine).toBe(reply.content.slice(0, 160));
  });

  it("against a model server: the named member answers, with a prompt that carries the others' short cards, the lore that matches, and who said what", async () => {
    const client = await signedIn("group-model@example.com");
    const id = await newGroup(client, { scenario: "A storm night at the lighthouse." });
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const headers = { cookie, origin: "http://127.0.0.1", "content-type": "application/json", "cf-connecting-ip": "203.0.113.21" };
    const send = async (content: string) => {
      const request = new Request(`http://127.0.0.1/api/groups/${id}/messages`, { method: "POST", headers, body: JSON.stringify({ content }) });
      const response = await worker.fetch(request as never, openAi, createExecutionContext());
      expect(response.status).toBe(200);
      return await response.text();
    };
    await send("Hello, Hollis. Nice farm.");
    expect((await lastReply(client, id)).speakerId).toBe(HOLLIS);
    expect(await send("Caspian, what is in the morgue?")).toContain("traveller");
    expect((await lastReply(client, id)).speakerId).toBe(WREN);
    const last = ((await (await fetch(`${MODEL}/requests`)).json()) as { messages: { role: string; content: string }[] }[]).at(-1)!;
    const system = last.messages[0].content;
    expect(system).toContain("You are Dr. Caspian Wren in a group roleplay chat");
    expect(system).toContain("Also in the scene:\n- Hollis Hartgrove, Hill Giantess: A giant farmer");
    expect(system).toContain("Scenario: A storm night at the lighthouse.");
    expect(system).toContain("The morgue is under the old hospital.");
    // Hollis's line is heard with her name; the person's with theirs.
    expect(last.messages.some((m) => m.role === "user" && m.content.startsWith("Hollis Hartgrove, Hill Giantess: "))).toBe(true);
    expect(last.messages.at(-1)!.content).toMatch(/: Caspian, what is in the morgue\?$/);
  });

  it("recalls an old moment of the group's conversation when the talk turns to it, and the reply says so (issue 62)", async () => {
    const client = await signedIn("group-recall@example.com");
    await env.DB.prepare("UPDATE users SET tier = 'GOLD', is_subscription_active = 1 WHERE email = 'group-recall@example.com'").run();
    const id = await newGroup(client);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const headers = { cookie, origin: "http://127.0.0.1", "content-type": "application/json", "cf-connecting-ip": "203.0.113.62" };
    // A small context: the first line soon falls out of the window.
    const small = { ...openAi, TEXT_CONTEXT_TOKENS: "512" } as unknown as Env;
    const send = async (content: string) => {
      const request = new Request(`http://127.0.0.1/api/groups/${id}/messages`, { method: "POST", headers, body: JSON.stringify({ content }) });
      const response = await worker.fetch(request as never, small, createExecutionContext());
      expect(response.status).toBe(200);
      await response.text();
      const requests = (await (await fetch(`${MODEL}/requests`)).json()) as { messages: { content: string }[] }[];
      // The running summary's requests (written after a reply) are not the reply's prompt.
      return requests.filter((r) => !r.messages[0].content.startsWith("You keep the memory")).at(-1)!.messages;
    };
    await send("My old terrier was called Biscuit; he hid under the bed whenever thunder came.");
    for (let n = 1; n <= 6; n++)
      await send(`The tide comes in slowly over the flat grey sand, wave ${n}. The gulls wheel over the pier and the lamp turns above the rocks all evening.`);
    const prompt = await send("Thunder again tonight. Does anyone remember my old terrier?");
    expect(prompt.slice(1).some((m) => m.content.includes("Biscuit"))).toBe(false);
    expect(prompt[0].content).toMatch(/recalls now:[\s\S]*: My old terrier was called Biscuit/);
    const all = (await (await client.fetch(`/api/groups/${id}?latest=all`)).json()) as { messages: (Message & { memory?: { recalled: string[] } })[] };
    const said = all.messages.find((m) => m.content.startsWith("My old terrier"))!;
    const reply = all.messages.at(-1)!;
    expect(reply.memory!.recalled).toEqual([said.id]);
    const used = (await (await client.fetch(`/api/groups/${id}/messages/${reply.id}/memory`)).json()) as { recalled: { id: string }[] };
    expect(used.recalled.map((m) => m.id)).toEqual([said.id]);
  });

  it("in turn mode, 9 replies give each member 3; manual needs a pick; muted and unavailable members never speak", async () => {
    const client = await signedIn("group-turns@example.com");
    const id = await newGroup(client);
    expect((await putJson(client, `/api/groups/${id}`, { mode: "turn" }, "PATCH")).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await turn(client, id, i === 0 ? { content: "Everyone, introduce yourselves." } : {})).status).toBe(200);
    const spoken = (await page(client, id)).messages.filter((m) => m.role === "character");
    // The room opened with its first member's greeting (issue 61); the turns go on from there.
    expect(spoken[0]).toMatchObject({ speakerId: HOLLIS, content: HOLLIS_GREETING });
    const replies = spoken.slice(1);
    expect(replies).toHaveLength(9);
    const counts = new Map<string, number>();
    for (const r of replies) counts.set(r.speakerId!, (counts.get(r.speakerId!) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ [HOLLIS]: 3, [MIRA]: 3, [WREN]: 3 });

    expect((await putJson(client, `/api/groups/${id}`, { mode: "manual" }, "PATCH")).status).toBe(200);
    const unpicked = await turn(client, id, { content: "Who wants to go?" });
    expect(unpicked.status).toBe(400);
    expect(JSON.parse(unpicked.text).error.message).toBe("Pick who answers next.");
    expect((await turn(client, id, { content: "Who wants to go?", speakerId: MIRA })).status).toBe(200);
    expect((await lastReply(client, id)).speakerId).toBe(MIRA);

    // Mira muted: picking her is refused, and in turn mode she is skipped.
    const members = [HOLLIS, MIRA, WREN].map((m) => ({ id: m, muted: m === MIRA }));
    expect((await putJson(client, `/api/groups/${id}`, { members, mode: "turn" }, "PATCH")).status).toBe(200);
    expect((await turn(client, id, { speakerId: MIRA })).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await turn(client, id, {})).status).toBe(200);
    const lastFour = (await page(client, id)).messages.filter((m) => m.role === "character").slice(-4);
    expect(lastFour.map((m) => m.speakerId).includes(MIRA)).toBe(false);

    // The latest part of the conversation, as the page reads it again after a change (decision 072).
    type Part = { messages: Message[]; earlier: number };
    const all = (await (await client.fetch(`/api/groups/${id}?latest=all`)).json()) as Part;
    const latest = (await (await client.fetch(`/api/groups/${id}?latest=4`)).json()) as Part;
    expect(all.messages.length).toBeGreaterThan(10);
    expect(all.earlier).toBe(0);
    expect(latest.messages.map((m) => m.id)).toEqual(all.messages.slice(-4).map((m) => m.id));
    expect(latest.earlier).toBe(all.messages.length - 4);
    expect((await client.fetch(`/api/groups/${id}?latest=none`)).status).toBe(400);
  });

  it("a member made private stays in the transcript, marked unavailable, and stops speaking", async () => {
    const author = await insertUser({ email: "group-fading-author@example.com" });
    const FADING = "groupchar0000005";
    await insertCharacter({ id: FADING, userId: author, name: "Fading Figure", greeting: "Hm." });
    const client = await signedIn("group-fading@example.com");
    const id = await newGroup(client, { characterIds: [FADING, MIRA] });
    expect((await turn(client, id, { content: "Fading, speak.", speakerId: FADING })).status).toBe(200);
    await env.DB.prepare("UPDATE characters SET is_public = 0 WHERE id = ?").bind(FADING).run();
    const shown = await page(client, id);
    expect(shown.group.members.find((m) => m.id === FADING)).toMatchObject({ name: "Fading Figure", available: false });
    expect(shown.messages.some((m) => m.speakerId === FADING && m.content)).toBe(true);
    expect((await turn(client, id, { speakerId: FADING })).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await turn(client, id, { content: "Anyone?" })).status).toBe(200);
    expect((await lastReply(client, id)).speakerId).toBe(MIRA);
  });

  it("refuses bad input with words a person understands, and keeps groups private", async () => {
    const client = await signedIn("group-bad@example.com");
    const one = await create(client, { characterIds: [MIRA] });
    expect(one.status).toBe(400);
    expect(((await one.json()) as { error: { fields: Record<string, string> } }).error.fields.characterIds).toBe("Pick 2 to 5 characters for the group.");
    expect((await create(client, { characterIds: [MIRA, MIRA] })).status).toBe(400);
    const hidden = await create(client, { characterIds: [MIRA, HIDDEN] });
    expect(hidden.status).toBe(400);
    expect(((await hidden.json()) as { error: { message: string } }).error.message).toBe("One of those characters is not available any more.");
    expect((await create(client, { characterIds: [MIRA, WREN], name: "x".repeat(61) })).status).toBe(400);

    const id = await newGroup(client);
    const stranger = await signedIn("group-stranger@example.com");
    expect((await stranger.fetch(`/api/groups/${id}`)).status).toBe(404);
    expect((await turn(stranger, id, { content: "Hi" })).status).toBe(404);
    expect((await putJson(stranger, `/api/groups/${id}`, { mode: "turn" }, "PATCH")).status).toBe(404);
    expect((await stranger.fetch(`/api/groups/${id}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } })).status).toBe(404);
    expect((await turn(client, id, { speakerId: HIDDEN })).status).toBe(400);
    expect((await putJson(client, `/api/groups/${id}`, {}, "PATCH")).status).toBe(400);
  });

  it("a failed turn gives back its message: the allowance is unchanged after a refused pick", async () => {
    const client = await signedIn("group-allowance@example.com");
    const id = await newGroup(client);
    const userId = await meId(client);
    await setAllowance(userId, 2);
    expect((await turn(client, id, { content: "Hi Mira", speakerId: "nobody" })).status).toBe(400);
    expect(await allowanceLeft(userId)).toBe(2);
    expect((await turn(client, id, { content: "Hi Mira" })).status).toBe(200);
    expect(await allowanceLeft(userId)).toBe(1);
  });

  it("keeps to the plan's number of groups under 20 parallel creates, and deletes a group with its conversation", async () => {
    const client = await signedIn("group-race@example.com");
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(client, { characterIds: [MIRA, WREN] })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    const list = (await (await client.fetch("/api/groups")).json()) as { groups: Group[] };
    expect(list.groups).toHaveLength(3);
    const gone = list.groups[0].id;
    expect((await client.fetch(`/api/groups/${gone}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    expect((await client.fetch(`/api/groups/${gone}`)).status).toBe(404);
    expect((await create(client, { characterIds: [MIRA, WREN] })).status).toBe(201);
  });

  it("a group has its own memory: a pinned line is recalled by the offline writer and goes into every member's prompt", async () => {
    const client = await signedIn("group-memory@example.com");
    const id = await newGroup(client);
    expect((await turn(client, id, { content: "Mira, my sister is called Ilse." })).status).toBe(200);
    const mine = (await page(client, id)).messages.find((m) => m.role === "user")!;
    const pinned = await client.postJson(`/api/groups/${id}/memory/pins`, { messageId: mine.id });
    expect(pinned.status).toBe(201);
    const memory = (await (await client.fetch(`/api/groups/${id}/memory`)).json()) as { pins: { text: string }[]; pinsLeft: number };
    expect(memory.pins.map((p) => p.text)).toEqual(["Mira, my sister is called Ilse."]);
    expect(memory.pinsLeft).toBe(4);
    // Another person reaches neither the memory nor the pins.
    const stranger = await signedIn("group-memory-stranger@example.com");
    expect((await stranger.fetch(`/api/groups/${id}/memory`)).status).toBe(404);
    expect((await stranger.postJson(`/api/groups/${id}/memory/pins`, { text: "Mine now." })).status).toBe(404);

    // Asked, whoever answers says it back, in their own words.
    expect((await turn(client, id, { content: "Hollis, do you remember what my sister is called?" })).status).toBe(200);
    const recalled = await lastReply(client, id);
    expect(recalled.speakerId).toBe(HOLLIS);
    expect(recalled.content).toContain("your sister is called Ilse.");

    // Against a model server, the memory is in the prompt of a member who never heard it.
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const headers = { cookie, origin: "http://127.0.0.1", "content-type": "application/json", "cf-connecting-ip": "203.0.113.22" };
    const request = new Request(`http://127.0.0.1/api/groups/${id}/messages`, { method: "POST", headers, body: JSON.stringify({ content: "Caspian?" }) });
    expect((await worker.fetch(request as never, openAi, createExecutionContext())).status).toBe(200);
    const last = ((await (await fetch(`${MODEL}/requests`)).json()) as { messages: { role: string; content: string }[] }[]).at(-1)!;
    expect(last.messages[0].content).toContain("What Dr. Caspian Wren remembers of this chat:\n- Mira, my sister is called Ilse.");
  });

  it("a picture of a member's reply is that member's, belongs to the reply, and shows with the group", async () => {
    const client = await signedIn("group-picture@example.com");
    const id = await newGroup(client);
    expect((await turn(client, id, { content: "*waves* Mira, show me the lamp." })).status).toBe(200);
    const reply = await lastReply(client, id);
    const asked = await client.postJson(`/api/groups/${id}/messages/${reply.id}/image`, {});
    expect(asked.status).toBe(202);
    const { jobId } = (await asked.json()) as { jobId: string };
    const stranger = await signedIn("group-picture-stranger@example.com");
    expect((await stranger.postJson(`/api/groups/${id}/messages/${reply.id}/image`, {})).status).toBe(404);
    const batch = createMessageBatch<{ jobId: string }>("reverie-jobs", [{ id: "gp1", timestamp: new Date(), attempts: 1, body: { jobId } }]);
    await handleQueueBatch(batch, env, undefined);
    await getQueueResult(batch, createExecutionContext());
    const shown = (await (await client.fetch(`/api/groups/${id}`)).json()) as { pictures: { messageId: string; url: string }[] };
    expect(shown.pictures).toHaveLength(1);
    expect(shown.pictures[0].messageId).toBe(reply.id);
    expect((await client.fetch(shown.pictures[0].url)).status).toBe(200);
    const row = await env.DB.prepare("SELECT character_id FROM generated_images WHERE message_id = ?").bind(reply.id).first<{ character_id: string }>();
    expect(row?.character_id).toBe(MIRA);
    // Earlier messages, read above the first on screen, bring their pictures; a part without the reply brings none.
    expect((await turn(client, id, { content: "And then?" })).status).toBe(200);
    type WithPictures = { messages: Message[]; pictures: { messageId: string }[] };
    const all = (await (await client.fetch(`/api/groups/${id}?latest=all`)).json()) as WithPictures;
    const next = all.messages[all.messages.findIndex((m) => m.id === reply.id) + 1];
    const above = (await (await client.fetch(`/api/groups/${id}?latest=1&before=${next.id}`)).json()) as WithPictures;
    expect(above.messages.map((m) => m.id)).toEqual([reply.id]);
    expect(above.pictures.map((p) => p.messageId)).toEqual([reply.id]);
    const latest = (await (await client.fetch(`/api/groups/${id}?latest=1`)).json()) as WithPictures;
    expect(latest.messages[0].id).not.toBe(reply.id);
    expect(latest.pictures).toEqual([]);
  });

  it("Continue: a member goes on from where their reply stops, appended to it, by the same member", async () => {
    const client = await signedIn("group-continue@example.com");
    const id = await newGroup(client);
    expect((await turn(client, id, { content: "Mira, tell me about the lighthouse." })).status).toBe(200);
    const before = await lastReply(client, id);
    const response = await client.postJson(`/api/groups/${id}/messages/${before.id}/continue`, {});
    expect(response.status).toBe(200);
    await response.text();
    const after = await lastReply(client, id);
    expect(after).toMatchObject({ id: before.id, speakerId: MIRA, status: "complete" });
    expect(after.content.startsWith(before.content)).toBe(true);
    expect(after.content.length).toBeGreaterThan(before.content.length);
    // A reply of the person's own, or one of another group, does not go on.
    const mine = (await page(client, id)).messages.find((m) => m.role === "user")!;
    expect((await client.postJson(`/api/groups/${id}/messages/${mine.id}/continue`, {})).status).toBe(400);
    const other = await newGroup(client, { characterIds: [WREN, HOLLIS] });
    expect((await client.postJson(`/api/groups/${other}/messages/${before.id}/continue`, {})).status).toBe(404);
  });
});
