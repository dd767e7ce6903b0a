import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_MESSAGES } from "~/spec/images";
import { type Client, jobEnded, meId, putJson, signedIn } from "../support/client";
import { allowanceLeft, insertCharacter, insertUser, setAllowance } from "../support/fixtures";

const CHARACTER = "imagechar0000001";

/** How many times the fake image server (tests/support/fake-images.mjs) was asked for this prompt. */
const askedFor = async (prompt: string) => ((await (await fetch("http://127.0.0.1:8796/count")).json()) as Record<string, number>)[prompt] ?? 0;
const tokens = async (userId: string) => (await allowanceLeft(userId, "image")) ?? null;

beforeAll(async () => {
  const owner = await insertUser({ email: "image-creator@example.com" });
  await insertCharacter({
    id: CHARACTER,
    userId: owner,
    name: "Mira",
    greeting: "*Mira closes the book and looks up from the library desk.* Oh, hello {{user}}.",
    imagePrompt: "Mira, a woman with silver hair and glasses",
    negativePrompt: "extra arms",
    tags: [],
  });
});

describe("pictures through the JOBS queue", () => {
  it("POST /api/images answers 202 with a job; the consumer paints it into R2 and the gallery; its owner deletes it", async () => {
    const client = await signedIn("painter@example.com");
    const queued = await client.postJson("/api/images", { prompt: "a lighthouse at dawn", model: "realistic", width: 768, height: 512, seed: 7 });
    expect(queued.status).toBe(202);
    const { jobId } = (await queued.json()) as any;
    const status = await jobEnded(client, jobId, async (onWay) => expect(["queued", "running"]).toContain(onWay.status));
    expect(status.status).toBe("completed");
    expect(await askedFor("a lighthouse at dawn")).toBe(1);
    expect(status.reply).toEqual({ id: expect.stringMatching(/^[0-9a-z]{16}$/), url: `/media/images/${status.reply.id}.png` });
    const file = await client.fetch(status.reply.url);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const gallery = (await (await client.fetch("/api/images")).json()) as any;
    expect(gallery.images[0]).toMatchObject({ id: status.reply.id, prompt: "a lighthouse at dawn", model: "realistic", width: 768, height: 512, seed: 7 });
    expect(gallery.images[0].negativePrompt).toContain("child");

    const stranger = await signedIn("picture-stranger@example.com");
    expect((await putJson(stranger, `/api/images/${status.reply.id}`, {}, "DELETE")).status).toBe(404);
    expect((await stranger.fetch(`/images/${status.reply.id}`, { headers: { accept: "text/html" } })).status).toBe(404);
    expect((await putJson(client, `/api/images/${status.reply.id}`, { shared: true }, "PATCH")).status).toBe(200);
    expect((await stranger.fetch(`/images/${status.reply.id}`, { headers: { accept: "text/html" } })).status).toBe(200);

    expect((await putJson(client, `/api/images/${status.reply.id}`, {}, "DELETE")).status).toBe(200);
    expect(await env.MEDIA.head(`images/${status.reply.id}.png`)).toBeNull();
    expect(((await (await client.fetch("/api/images")).json()) as any).images).toEqual([]);
  });

  it("a failing backend is retried by the queue; after the last try the job is an error and the picture is given back", { timeout: 60_000 }, async () => {
    const client = await signedIn("unlucky-painter@example.com");
    const userId = await meId(client);
    const prompt = "a storm [[500]]";
    const { jobId } = (await (await client.postJson("/api/images", { prompt, model: "anime" })).json()) as any;
    expect(await tokens(userId)).toBe(9);
    // Between tries the job waits in the queue and the picture stays taken.
    const status = await jobEnded(client, jobId, async (onWay) => {
      expect(["queued", "running"]).toContain(onWay.status);
      expect(await tokens(userId)).toBe(9);
    });
    expect(status).toMatchObject({ status: "error", error: IMAGE_MESSAGES.serverAnswered(500) });
    expect(await askedFor(prompt)).toBe(3);
    // The job is marked ended before the picture is given back (so a racing delivery cannot give it back twice).
    await vi.waitFor(async () => expect(await tokens(userId)).toBe(10), { timeout: 5_000, interval: 50 });
    expect(await env.DB.prepare("SELECT attempts FROM jobs WHERE id = ?").bind(jobId).first<number>("attempts")).toBe(3);
  });

  it("the picture allowance holds under 20 parallel requests: with 1 left, exactly 1 is queued", async () => {
    const client = await signedIn("eager-painter@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 1, new Date(Date.now() + 3_600_000), "image");
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.postJson("/api/images", { prompt: "a quiet harbour", model: "anime" })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    const refused = (await answers.find((a) => a.status === 429)!.json()) as any;
    expect(refused.error.code).toBe("allowance_empty");
    expect(await tokens(userId)).toBe(0);
    const jobs = await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE user_id = ? AND type = 'image'").bind(userId).first<number>("n");
    expect(jobs).toBe(1);
  });

  it("an unsafe prompt is refused with the reason, and no job is queued; bad input is a 400 that says what to fix", async () => {
    const client = await signedIn("careless-painter@example.com");
    const userId = await meId(client);
    const refused = await client.postJson("/api/images", { prompt: "a teen at the beach", model: "anime" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).error.message).toContain('"teen" is not allowed');
    expect(await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE user_id = ?").bind(userId).first<number>("n")).toBe(0);
    for (const [body, message] of [
      [{ prompt: "", model: "anime" }, IMAGE_MESSAGES.emptyPrompt],
      [{ prompt: "a cat", model: "cartoon" }, IMAGE_MESSAGES.badModel],
      [{ prompt: "a cat", model: "anime", width: 100, height: 100 }, IMAGE_MESSAGES.badSize],
      [{ prompt: "a cat", model: "anime", seed: -1 }, IMAGE_MESSAGES.badSeed],
    ] as const) {
      const answer = await client.postJson("/api/images", body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as any).error.message).toContain(message);
    }
  });
});

describe("pictures in chat", () => {
  /** The prompt of the picture queued for the chat's greeting in an image mode. */
  async function chatPrompt(client: Client, mode: string, style = "Anime") {
    await client.postJson("/api/preference", { key: "imageGenerationMode", value: mode });
    await client.postJson("/api/preference", { key: "imageStyle", value: style });
    const chat = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as any;
    const answer = await client.postJson(`/api/chats/${CHARACTER}/messages/${chat.messages[0].id}/image`, {});
    expect(answer.status).toBe(202);
    const { jobId } = (await answer.json()) as any;
    const row = await env.DB.prepare("SELECT input FROM jobs WHERE id = ?").bind(jobId).first<string>("input");
    return { jobId, messageId: chat.messages[0].id as string, input: JSON.parse(row!) };
  }

  it("the image mode builds the prompt, the style picks the model, and the character's negative prompt is added", async () => {
    const client = await signedIn("chat-painter@example.com");
    const prompt = await chatPrompt(client, "Prompt", "Realistic");
    expect(prompt.input).toMatchObject({ prompt: "Mira, a woman with silver hair and glasses", model: "realistic", characterId: CHARACTER });
    expect(prompt.input.negativePrompt).toMatch(/^extra arms, lowres/);
    const mix = await chatPrompt(client, "Mix");
    expect(mix.input.prompt).toBe("Mira, a woman with silver hair and glasses, Mira closes the book and looks up from the library desk.");
    expect(mix.input.model).toBe("anime");
    const chat = await chatPrompt(client, "Chat");
    expect(chat.input.prompt).toContain("Mira closes the book");

    // The picture stays with its message: the chat page lists it under that message.
    const { reply } = await jobEnded(client, mix.jobId);
    for (const other of [prompt, chat]) expect((await jobEnded(client, other.jobId)).status).toBe("completed");
    const html = await (await client.fetch(`/characters/chat/${CHARACTER}`, { headers: { accept: "text/html" } })).text();
    expect(html).toContain(`<img src="${reply.url}"`);
    const row = await env.DB.prepare("SELECT message_id AS messageId FROM generated_images WHERE id = ?").bind(reply.id).first<any>();
    expect(row.messageId).toBe(mix.messageId);
  });
});

describe("a picture of an earlier message in a long chat", () => {
  it("is drawn from that message and the lines before it, not the ones after", async () => {
    // The picture reads only the last lines of the branch up to its message (decision 071).
    const client = await signedIn("long-chat-painter@example.com");
    const lines: object[] = [{ user_name: "Sam", character_name: "Mira" }];
    for (let n = 1; n <= 60; n++)
      lines.push(
        n % 2 ? { name: "Mira", is_user: false, mes: `*Mira lights lamp number ${n}.* Another one.` } : { name: "Sam", is_user: true, mes: `Line ${n}.` },
      );
    const imported = await client.fetch(`/api/chats/${CHARACTER}/import`, {
      method: "POST",
      headers: { "content-type": "application/jsonl", origin: "http://127.0.0.1" },
      body: lines.map((l) => JSON.stringify(l)).join("\n"),
    });
    expect(imported.status).toBe(201);
    await client.postJson("/api/preference", { key: "imageGenerationMode", value: "Chat" });
    const chat = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as { messages: { id: string; content: string }[] };
    expect(chat.messages).toHaveLength(60);
    const early = chat.messages.find((m) => m.content.includes("lamp number 11."))!;
    const answer = await client.postJson(`/api/chats/${CHARACTER}/messages/${early.id}/image`, {});
    expect(answer.status).toBe(202);
    const { jobId } = (await answer.json()) as { jobId: string };
    const input = JSON.parse((await env.DB.prepare("SELECT input FROM jobs WHERE id = ?").bind(jobId).first<string>("input"))!);
    expect(input.prompt).toContain("lamp number 11");
    expect(input.prompt).not.toMatch(/lamp number (13|59)\b/);
  });
});

describe("a playground picture sent into a chat", () => {
  it("lists the person's chats, joins the chat they pick under its last message, and is theirs alone to send", async () => {
    const client = await signedIn("picture-sender@example.com");
    const { jobId } = (await (await client.postJson("/api/images", { prompt: "a reading lamp", model: "anime" })).json()) as any;
    const { reply } = await jobEnded(client, jobId);

    // No chat yet: nothing to pick.
    expect(((await (await client.fetch(`/api/images/${reply.id}/chat`)).json()) as any).chats).toEqual([]);
    const chat = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as any;
    expect(((await (await client.fetch(`/api/images/${reply.id}/chat`)).json()) as any).chats).toEqual([{ characterId: CHARACTER, name: "Mira" }]);

    const bad = await client.postJson(`/api/images/${reply.id}/chat`, { characterId: "" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toBe(`characterId: ${IMAGE_MESSAGES.pickChat}`);
    const stranger = await signedIn("picture-thief@example.com");
    expect((await stranger.postJson(`/api/images/${reply.id}/chat`, { characterId: CHARACTER })).status).toBe(404);

    const sent = await client.postJson(`/api/images/${reply.id}/chat`, { characterId: CHARACTER });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ characterId: CHARACTER, name: "Mira", href: `/characters/chat/${CHARACTER}` });
    const row = await env.DB.prepare("SELECT message_id AS messageId, character_id AS characterId FROM generated_images WHERE id = ?")
      .bind(reply.id)
      .first<any>();
    expect(row).toEqual({ messageId: chat.messages.at(-1).id, characterId: CHARACTER });
    const html = await (await client.fetch(`/characters/chat/${CHARACTER}`, { headers: { accept: "text/html" } })).text();
    expect(html).toContain(`<img src="${reply.url}"`);
  });
});
