import { env } from "cloudflare:workers";
import { createMessageBatch, createExecutionContext, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { handleQueueBatch } from "~/jobs/queue.server";
import { speechCacheKey, synthesizeSpeech } from "~/lib/providers/speech/kokoro.server";
import { speechText } from "~/lib/providers/speech/speech-text";
import { Client, meId, signedIn } from "../../../support/client";
import { insertCharacter, insertJob, insertUser } from "../../../support/fixtures";

const FAKE = "http://127.0.0.1:8795";
const CHARACTER = "speechchar000001";
const lastSpeech = async () => ((await (await fetch(`${FAKE}/last-request`)).json()) as any).speech;

beforeAll(async () => {
  const owner = await insertUser({ email: "speech-owner@example.com" });
  await insertCharacter({ id: "speechchar000002", userId: owner, name: "Wyn Ashdown", greeting: "Hm.", voice: "af_nicole" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Bram", greeting: '*grins* "Evening, {{user}}." *He tips his hat.*', voice: "bm_george" });
});

describe("speech", () => {
  it("dialogue-only speech keeps the quoted words; otherwise the markup goes", () => {
    expect(speechText('*grins* "Evening." *tips hat* "Sit down."', true)).toBe("Evening. Sit down.");
    expect(speechText("*grins* Evening, friend.", true)).toBe("Evening, friend.");
    expect(speechText('*grins* "Evening."', false)).toBe('"Evening."');
  });

  it("the kokoro adapter posts { model, input, voice, response_format } and returns the audio", async () => {
    const audio = await synthesizeSpeech({ baseUrl: `${FAKE}/v1`, model: "kokoro" }, { input: "Hello there.", voice: "af_nicole" });
    expect(await lastSpeech()).toEqual({ model: "kokoro", input: "Hello there.", voice: "af_nicole", response_format: "mp3" });
    expect(audio.contentType).toBe("audio/wav");
    expect(new TextDecoder().decode(audio.bytes.slice(0, 4))).toBe("RIFF");
    await expect(synthesizeSpeech({ baseUrl: "http://127.0.0.1:9/v1", model: "kokoro" }, { input: "x", voice: "af_nicole" })).rejects.toThrow();
  });

  it("a message is spoken through a queued job, cached in R2 by voice and text, and polled by its owner", async () => {
    const client = await signedIn("speaker@example.com");
    const chat = (await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as any;
    const greeting = chat.messages[0];
    const first = (await (await client.postJson("/api/speech", { characterId: CHARACTER, messageId: greeting.id })).json()) as any;
    expect(first.jobId).toMatch(/^[0-9a-z]{16}$/);
    expect((await new Client().fetch(`/api/status/${first.jobId}`)).status).toBe(401);
    const stranger = await signedIn("speech-stranger@example.com");
    expect((await stranger.fetch(`/api/status/${first.jobId}`)).status).toBe(404);

    // Run the queue consumer on the job, as the JOBS queue would.
    const batch = createMessageBatch<{ jobId: string }>("reverie-jobs", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { jobId: first.jobId } }]);
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, env, undefined);
    await getQueueResult(batch, ctx);
    const status = (await (await client.fetch(`/api/status/${first.jobId}`)).json()) as any;
    expect(status.status).toBe("completed");
    expect(status.reply).toMatch(/^\/media\/speech\/[0-9a-z]{16}-[0-9a-f]{64}$/);
    const spoken = await lastSpeech();
    expect(spoken).toMatchObject({ model: "kokoro", voice: "bm_george", response_format: "mp3" });
    expect(spoken.input).toMatch(/^Evening, .+\.$/);
    const media = await client.fetch(status.reply);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("audio/wav");
    // Speech is the listener's: nobody else fetches it, and no cache keeps it (decision 026).
    expect(media.headers.get("cache-control")).toBe("private, no-store");
    expect((await stranger.fetch(status.reply)).status).toBe(404);
    expect((await new Client().fetch(status.reply)).status).toBe(404);

    // The same voice and text come from R2 at once, with no new job.
    const again = (await (await client.postJson("/api/speech", { characterId: CHARACTER, messageId: greeting.id })).json()) as any;
    expect(again).toMatchObject({ url: status.reply });
    expect(again.jobId).toBeUndefined();
    expect(status.reply).toBe(`/media/${await speechCacheKey(await meId(client), "bm_george", (await lastSpeech()).input)}`);
    // The same sentence for someone else is made for them: the cache tells nobody what another person heard.
    const other = (await (
      await stranger.postJson("/api/speech", {
        characterId: CHARACTER,
        messageId: ((await (await stranger.fetch(`/api/chats/${CHARACTER}`)).json()) as any).messages[0].id,
      })
    ).json()) as any;
    expect(other.url).toBeUndefined();
    expect(other.jobId).toMatch(/^[0-9a-z]{16}$/);
  });

  it("a failing speech server is retried, then the job records the error", async () => {
    await insertJob({ id: "speechjobfail001", type: "speech", input: { text: "x", voice: "af_nicole", key: "speech/fail" } });
    const broken = { ...env, SPEECH_API_BASE_URL: "http://127.0.0.1:9/v1" } as Env;
    for (const attempts of [1, 2, 3]) {
      const batch = createMessageBatch<{ jobId: string }>("reverie-jobs", [
        { id: `f${attempts}`, timestamp: new Date(), attempts, body: { jobId: "speechjobfail001" } },
      ]);
      await handleQueueBatch(batch, broken);
      const result = await getQueueResult(batch, createExecutionContext());
      const row = await env.DB.prepare("SELECT status, attempts, error FROM jobs WHERE id = 'speechjobfail001'").first<any>();
      if (attempts < 3) {
        expect(result.retryMessages).toHaveLength(1);
        expect(row.status).toBe("queued");
      } else {
        expect(result.explicitAcks).toEqual(["f3"]);
        expect(row).toMatchObject({ status: "error", attempts: 3 });
        expect(row.error).toBeTruthy();
      }
    }
  });

  it("a group member's message is spoken in that member's own voice (issue 26)", async () => {
    const client = await signedIn("group-speaker@example.com");
    const made = (await (await client.postJson("/api/groups", { characterIds: ["speechchar000002", CHARACTER] })).json()) as { id: string };
    expect((await client.postJson(`/api/groups/${made.id}/messages`, { content: "Bram, say something." })).status).toBe(200);
    const group = (await (await client.fetch(`/api/groups/${made.id}`)).json()) as { messages: { id: string; speakerId?: string }[] };
    const reply = group.messages.at(-1)!;
    expect(reply.speakerId).toBe(CHARACTER);
    const asked = (await (await client.postJson(`/api/groups/${made.id}/messages/${reply.id}/speech`, {})).json()) as { jobId: string };
    expect(asked.jobId).toMatch(/^[0-9a-z]{16}$/);
    const stranger = await signedIn("group-speech-stranger@example.com");
    expect((await stranger.postJson(`/api/groups/${made.id}/messages/${reply.id}/speech`, {})).status).toBe(404);
    const batch = createMessageBatch<{ jobId: string }>("reverie-jobs", [{ id: "g1", timestamp: new Date(), attempts: 1, body: { jobId: asked.jobId } }]);
    await handleQueueBatch(batch, env, undefined);
    await getQueueResult(batch, createExecutionContext());
    expect(await lastSpeech()).toMatchObject({ voice: "bm_george" });
  });
});
