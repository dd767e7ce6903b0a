// Voice calls (issue 63): the end of the person's speech to the first audio of the reply, as the call
// screen does it (the turn heard, sent as the message, the reply read to its first sentence, that
// sentence spoken), against a text server with 250 ms to the first token, a speech server taking
// 150 ms a sentence, and the pocketsphinx speech-to-text test server; beside the same three backends
// asked directly, one after the other (their own latencies). Only 127.0.0.1 is contacted.
import { spokenWav, startFakeStt } from "../../tests/support/fake-stt.mjs";
import { startFakeOpenAi } from "../../tests/support/fake-openai.mjs";
import { signedInCookie } from "./session.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const SENTENCE_END = /[.!?…](\s|$)/;

/** The backends the bench's server is pointed at (`vars`), started here; `close` stops them. */
export async function startCallBackends({ textPort = 8811, sttPort = 8812 } = {}) {
  const model = await startFakeOpenAi({ port: textPort, tokenDelayMs: 20, firstTokenDelayMs: 250, speechDelayMs: 150 });
  const stt = await startFakeStt({ port: sttPort });
  const base = `http://127.0.0.1:${textPort}/v1`;
  return {
    vars: {
      TEXT_PROVIDER: "openai",
      TEXT_API_BASE_URL: base,
      SPEECH_PROVIDER: "kokoro",
      SPEECH_API_BASE_URL: base,
      STT_PROVIDER: "openai",
      STT_API_BASE_URL: `http://127.0.0.1:${sttPort}/v1`,
    },
    modelBase: base,
    sttBase: `http://127.0.0.1:${sttPort}/v1`,
    close: async () => {
      await model.close();
      await stt.close();
    },
  };
}

/** Reads a stream of server-sent events (or OpenAI's chunks) until `done(text)` says the first sentence is there. */
async function readUntilSentence(response, textOf) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at;
    while ((at = buffer.indexOf("\n\n")) >= 0) {
      const event = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      text += textOf(event) ?? "";
      const end = text.search(SENTENCE_END);
      if (end >= 0) {
        await reader.cancel();
        return text.slice(0, end + 1);
      }
    }
  }
  return text;
}

const ourToken = (event) => {
  if (!/^event: token/m.test(event)) return null;
  const data = event.match(/^data: (.*)$/m)?.[1];
  return data ? JSON.parse(data).text : null;
};
const openAiToken = (event) => {
  const data = event.match(/^data: (.*)$/m)?.[1];
  if (!data || data === "[DONE]") return null;
  return JSON.parse(data).choices?.[0]?.delta?.content ?? null;
};

export async function measureCall({ base, backends, email = "gold@example.com", runs = 7 }) {
  const cookie = await signedInCookie(base, email);
  const csrf = (await (await fetch(`${base}/api/auth/csrf`, { headers: { cookie } })).json()).csrfToken;
  const headers = { cookie, origin: base, "x-csrf-token": csrf };
  const characterId = (await (await fetch(`${base}/characters`)).text()).match(/href="\/characters\/chat\/([0-9a-z]{16})"/)[1];
  const wav = await spokenWav("tell me a story about the sea", 0.3);
  const turn = () => {
    const form = new FormData();
    form.append("audio", new Blob([wav], { type: "audio/wav" }), "turn.wav");
    return form;
  };
  const opened = await fetch(`${base}/api/calls`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ characterId }),
  });
  if (opened.status !== 201) throw new Error(`opening a call answered ${opened.status}: ${await opened.text()}`);
  const { callId } = await opened.json();
  const ours = [];
  const parts = { hear: [], reply: [], say: [] };
  const direct = { hear: [], reply: [], say: [] };
  for (let run = 0; run < runs; run++) {
    // Through us: the turn heard, sent, read to its first sentence, that sentence spoken (first audio bytes).
    const started = performance.now();
    const heard = await fetch(`${base}/api/calls/${callId}/hear`, { method: "POST", headers, body: turn() });
    const { text } = await heard.json();
    const afterHear = performance.now();
    const sent = await fetch(`${base}/api/chats/${characterId}/messages`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ content: text || "Tell me a story about the sea." }),
    });
    const sentence = await readUntilSentence(sent, ourToken);
    const afterReply = performance.now();
    const spoken = await fetch(`${base}/api/calls/${callId}/say`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ text: sentence }),
    });
    const reader = spoken.body.getReader();
    await reader.read();
    const firstAudio = performance.now();
    await reader.cancel();
    ours.push(firstAudio - started);
    parts.hear.push(afterHear - started);
    parts.reply.push(afterReply - afterHear);
    parts.say.push(firstAudio - afterReply);
    // Let the reply end before the next turn (the chat writes one reply at a time per send).
    await new Promise((r) => setTimeout(r, 600));

    // The backends asked directly, one after the other.
    let t = performance.now();
    const form = new FormData();
    form.append("file", new Blob([wav], { type: "audio/wav" }), "turn.wav");
    form.append("model", "whisper-1");
    await (await fetch(`${backends.sttBase}/audio/transcriptions`, { method: "POST", body: form })).json();
    direct.hear.push(performance.now() - t);
    t = performance.now();
    const completion = await fetch(`${backends.modelBase}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: text || "Tell me a story." }] }),
    });
    const directSentence = await readUntilSentence(completion, openAiToken);
    direct.reply.push(performance.now() - t);
    t = performance.now();
    const speech = await fetch(`${backends.modelBase}/audio/speech`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "kokoro", input: directSentence, voice: "af_heart", response_format: "mp3" }),
    });
    const directReader = speech.body.getReader();
    await directReader.read();
    await directReader.cancel();
    direct.say.push(performance.now() - t);
  }
  await fetch(`${base}/api/calls/${callId}`, { method: "DELETE", headers: { ...headers, "content-type": "application/json" } });
  const backendsSum = median(direct.hear) + median(direct.reply) + median(direct.say);
  return {
    runs,
    ours: median(ours),
    parts: { hear: median(parts.hear), reply: median(parts.reply), say: median(parts.say) },
    direct: { hear: median(direct.hear), reply: median(direct.reply), say: median(direct.say) },
    backendsSum,
    ratio: median(ours) / backendsSum,
    // Through us, less the speech-to-text engine's own time (pocketsphinx here; a streaming server would be faster).
    oursWithoutHearing: median(ours) - median(direct.hear),
  };
}

/** The sentence printed by `npm run bench`. */
export const callLine = (c) =>
  `Voice calls (issue 63; median of ${c.runs}): end of speech to the reply's first audio ${c.ours.toFixed(0)} ms through us (heard ${c.parts.hear.toFixed(0)} ms, reply to its first sentence ${c.parts.reply.toFixed(0)} ms, that sentence's first audio ${c.parts.say.toFixed(0)} ms); ` +
  `the backends asked directly ${c.backendsSum.toFixed(0)} ms (pocketsphinx ${c.direct.hear.toFixed(0)} ms, text to its first sentence ${c.direct.reply.toFixed(0)} ms, speech ${c.direct.say.toFixed(0)} ms): ratio ${c.ratio.toFixed(2)} (target at most 1.2: ${c.ratio <= 1.2 ? "met" : "NOT met"}); ` +
  `without the speech-to-text engine's own time, ${c.oursWithoutHearing.toFixed(0)} ms (target at most 900 ms: ${c.oursWithoutHearing <= 900 ? "met" : "NOT met"})`;
