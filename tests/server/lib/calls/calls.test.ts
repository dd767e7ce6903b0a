import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openAiTranscriber } from "~/lib/providers/transcription/openai.server";
import { TranscriptionUnavailable } from "~/lib/providers/transcription/types";
import { workersAiTranscriber } from "~/lib/providers/transcription/workers-ai.server";
import { meId, signedIn, type Client } from "../../support/client";
import { allowanceLeft, insertCharacter, insertUser, setAllowance, storeRows } from "../../support/fixtures";

// Voice calls (issue 63): a call opened on a chat, a turn heard for real (flite speaks it, pocketsphinx
// hears it, behind OpenAI's transcription protocol: tests/support/fake-stt.mjs), sentences spoken
// through the speech adapter (tests/support/fake-openai.mjs), and the call's minutes.
const STT = "http://127.0.0.1:8798";
const SPEECH = "http://127.0.0.1:8795";
const CHARACTER = "callchar00000001";
const ORIGIN = { origin: "http://127.0.0.1" };

const sample = async (text: string) => new Uint8Array(await (await fetch(`${STT}/sample?text=${encodeURIComponent(text)}&pad=0.5`)).arrayBuffer());
const lastSpeech = async () => ((await (await fetch(`${SPEECH}/last-request`)).json()) as { speech: { input: string; voice: string } }).speech;

async function start(client: Client, body: unknown = { characterId: CHARACTER }) {
  return await client.postJson("/api/calls", body);
}
function hear(client: Client, callId: string, audio: Uint8Array<ArrayBuffer>, type = "audio/wav") {
  const form = new FormData();
  form.append("audio", new File([audio], "turn.wav", { type }));
  return client.fetch(`/api/calls/${callId}/hear`, { method: "POST", body: form, headers: ORIGIN });
}

beforeAll(async () => {
  const owner = await insertUser({ email: "call-author@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Wren Hollis", greeting: "Hello?", voice: "bf_emma" });
  await insertCharacter({ id: "callchar00000002", userId: owner, name: "Hidden", greeting: "Hm.", isPublic: false });
  await insertCharacter({ id: "callchar00000003", userId: owner, name: "Tamsin Reed", greeting: "Oh, hello.", voice: "am_adam" });
});

describe("voice calls (issue 63)", () => {
  it("hears a spoken turn for real, word for word", async () => {
    const client = await signedIn("call-hear@example.com");
    const opened = await start(client);
    expect(opened.status).toBe(201);
    const call = (await opened.json()) as { callId: string; secondsLeft: number; hearing: string; speaking: string; dialogueOnly: boolean };
    // A FREE person has 10 minutes a period; the test Worker hears through a server and speaks through one.
    expect(call).toMatchObject({ secondsLeft: 600, hearing: "server", speaking: "server", dialogueOnly: true });
    for (const said of ["what is your name", "do you remember my dog"]) {
      const heard = await hear(client, call.callId, await sample(said));
      expect(heard.status).toBe(200);
      expect(((await heard.json()) as { text: string }).text).toBe(said);
    }
  });

  it("speaks a sentence in the chat's voice, the narration left out", async () => {
    const client = await signedIn("call-say@example.com");
    const { callId } = (await (await start(client)).json()) as { callId: string };
    const spoken = await client.postJson(`/api/calls/${callId}/say`, { text: '*She looks up from the map.* "The tide turns at nine."' });
    expect(spoken.status).toBe(200);
    expect(spoken.headers.get("content-type")).toBe("audio/wav");
    expect(new TextDecoder().decode(new Uint8Array(await spoken.arrayBuffer()).slice(0, 4))).toBe("RIFF");
    expect(await lastSpeech()).toMatchObject({ input: "The tide turns at nine.", voice: "bf_emma" });
    const nothing = await client.postJson(`/api/calls/${callId}/say`, { text: "*She nods.*" });
    expect(nothing.status).toBe(400);
  });

  it("in a group call, each sentence is spoken in the voice of the member who says it, and only a member's", async () => {
    const client = await signedIn("call-group@example.com");
    const group = (await (await client.postJson("/api/groups", { characterIds: [CHARACTER, "callchar00000003"] })).json()) as { id: string };
    const { callId } = (await (await start(client, { groupId: group.id })).json()) as { callId: string };
    expect((await client.postJson(`/api/calls/${callId}/say`, { text: "Over here.", speakerId: "callchar00000003" })).status).toBe(200);
    expect(await lastSpeech()).toMatchObject({ input: "Over here.", voice: "am_adam" });
    expect((await client.postJson(`/api/calls/${callId}/say`, { text: "And me.", speakerId: CHARACTER })).status).toBe(200);
    expect(await lastSpeech()).toMatchObject({ input: "And me.", voice: "bf_emma" });
    expect((await client.postJson(`/api/calls/${callId}/say`, { text: "Who?", speakerId: "callchar00000002" })).status).toBe(400);
    expect((await client.postJson(`/api/calls/${callId}/say`, { text: "Who?" })).status).toBe(400);
  });

  it("refuses what is not a turn's audio, and a character the person may not see", async () => {
    const client = await signedIn("call-bad@example.com");
    const { callId } = (await (await start(client)).json()) as { callId: string };
    const notAudio = await hear(client, callId, new TextEncoder().encode("hello, not a recording"));
    expect(notAudio.status).toBe(400);
    expect(((await notAudio.json()) as { error: { message: string } }).error.message).toMatch(/isn't audio/);
    const empty = await client.fetch(`/api/calls/${callId}/hear`, { method: "POST", body: new FormData(), headers: ORIGIN });
    expect(empty.status).toBe(400);
    const tooLong = new Uint8Array(31 * 32_000 + 44);
    tooLong.set(await sample("hello"));
    expect((await hear(client, callId, tooLong)).status).toBe(400);
    expect((await start(client, { characterId: "callchar00000002" })).status).toBe(404);
    expect((await start(client, {})).status).toBe(400);
  });

  it("charges a call's time by the server's clock once, however many requests come at once", async () => {
    const client = await signedIn("call-clock@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 100, undefined, "call");
    const { callId } = (await (await start(client)).json()) as { callId: string };
    // The call began 10 seconds ago: 20 requests at once charge those 10 seconds once, not 20 times.
    await storeRows(userId, "UPDATE calls SET started_at = started_at - 10000, charged_until = charged_until - 10000 WHERE id = ?", callId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.postJson(`/api/calls/${callId}/say`, { text: "Yes." })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const left = (await allowanceLeft(userId, "call"))!;
    expect(left).toBeLessThanOrEqual(90);
    expect(left).toBeGreaterThanOrEqual(88);
  });

  it("ends the call when its minutes run out, with when they come back, and refuses a new one until then", async () => {
    const client = await signedIn("call-out@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 5, new Date(Date.now() + 3_600_000), "call");
    const { callId } = (await (await start(client)).json()) as { callId: string };
    await storeRows(userId, "UPDATE calls SET charged_until = charged_until - 60000 WHERE id = ?", callId);
    // 20 at once: the one that finds the minutes gone ends the call (429 with the time); the rest find it ended.
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.postJson(`/api/calls/${callId}/say`, { text: "Yes." })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const out = answers.find((a) => a.status === 429)!;
    expect(((await out.json()) as { error: { message: string } }).error.message).toMatch(/^You've used your call minutes for now\. They come back at /);
    expect(await allowanceLeft(userId, "call")).toBe(0);
    const again = await start(client);
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBeTruthy();
  });

  it("ending a call charges it up to now; a request after it is refused as ended", async () => {
    const client = await signedIn("call-end@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 300, undefined, "call");
    const { callId } = (await (await start(client)).json()) as { callId: string };
    await storeRows(userId, "UPDATE calls SET charged_until = charged_until - 30000 WHERE id = ?", callId);
    const ended = await client.fetch(`/api/calls/${callId}`, { method: "DELETE", headers: ORIGIN });
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as { secondsLeft: number }).secondsLeft).toBe(270);
    expect((await client.postJson(`/api/calls/${callId}/say`, { text: "Still there?" })).status).toBe(409);
    // Opening another call ends any call left open.
    const first = (await (await start(client)).json()) as { callId: string };
    await start(client);
    expect((await client.postJson(`/api/calls/${first.callId}/say`, { text: "Hello?" })).status).toBe(409);
  });

  it("the transcription adapters: OpenAI's protocol against the local server, Workers AI through a stand-in binding", async () => {
    const wav = await sample("good morning how are you today");
    expect(await openAiTranscriber({ baseUrl: `${STT}/v1`, model: "whisper-1" }).transcribe(wav, "audio/wav", AbortSignal.timeout(30_000))).toBe(
      "good morning how are you today",
    );
    await expect(openAiTranscriber({ baseUrl: `${STT}/v1`, model: "[[down]]" }).transcribe(wav, "audio/wav", AbortSignal.timeout(30_000))).rejects.toThrow(
      TranscriptionUnavailable,
    );
    const asked: { model: string; audio: string }[] = [];
    const ai = { run: async (model: string, input: { audio: string }) => (asked.push({ model, ...input }), { text: " hello there " }) };
    expect(await workersAiTranscriber(ai).transcribe(new Uint8Array([1, 2, 3]), "audio/wav", AbortSignal.timeout(1000))).toBe("hello there");
    expect(asked).toEqual([{ model: "@cf/openai/whisper-large-v3-turbo", audio: "AQID" }]);
    const broken = { run: async () => ({ nothing: true }) };
    await expect(workersAiTranscriber(broken).transcribe(new Uint8Array([1]), "audio/wav", AbortSignal.timeout(1000))).rejects.toThrow(
      TranscriptionUnavailable,
    );
  });
});

void env;
