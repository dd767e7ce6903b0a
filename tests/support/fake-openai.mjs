// A local OpenAI-compatible chat-completions server for tests and the bench. It streams a fixed
// reply as SSE chunks at a fixed pace (with a comment line, as real servers send keep-alives),
// ends with `data: [DONE]`, and records the last request body at GET /last-request.
// The last user message steers it: "[[error]]" sends an error chunk mid-stream, "[[break]]" stops
// mid-stream without [DONE], "[[500]]" answers 500, "[[slow]]" waits 5 s before answering,
// "[[story-json]]" answers a story turn wrapped in prose (STORY_REPLY), "[[minor]]" a reply that says
// a character's age is under 18, split across tokens (MINOR_REPLY), "[[long]]" 2,000 words (LONG_REPLY),
// "[[drip]]" the usual reply a token every 250 ms (about 2.5 s, to read a reply while it is written),
// "[[third]]" a reply whose third sentence puts a minor in a sexual context (THIRD_UNSAFE_REPLY).
// A request for a chat's running summary (its system message starts "You keep the memory") is answered
// as a careful model would: the summary so far, then what the person said in the new messages, in
// the third person. GET /requests lists the last 100 chat requests, newest last.
// It lists one model at GET /v1/models, as llama.cpp, Ollama and the others do.
// It also answers POST /v1/audio/speech with a small WAV file, as Kokoro-FastAPI does, and
// POST /v1/embeddings as an embeddings server (fake-embeddings.mjs; counted at GET /embedding-requests).
import { createServer } from "node:http";
import { answerEmbeddings, embeddingStats } from "./fake-embeddings.mjs";

export const FAKE_MODEL = "fake-local-7b";
/** Issue 13's example: a story turn in prose, with padding to trim and a choice without an id. */
export const STORY_REPLY = ['Sure! Here you go: {"story":"  The door', ' opens. ","choices":[{"text":"Enter"},', '{"id":"b","text":"Run"}]}'];
export const FAKE_REPLY = ["Hello", " there", ",", " traveller", ".", " The", " sea", " is", " calm", " tonight", "."];
export const MINOR_REPLY = ["She", " smiles", " at", " you", ".", " She", " is", " fif", "teen", " years", " old", " and", " he", " kisses", " her", "."];
export const LONG_REPLY = Array.from({ length: 2000 }, (_, i) => (i ? " word" : "Words"));
/** Issue 59: a reply whose third sentence is unsafe, the words cut across tokens. */
export const THIRD_UNSAFE_REPLY = [
  "We",
  " walk",
  " down",
  " to",
  " the",
  " sho",
  "re.",
  " The",
  " waves",
  " rise",
  " and",
  " fall",
  ".",
  " She",
  " is",
  " four",
  "teen",
  ",",
  " and",
  " he",
  " undress",
  "es",
  " her",
  ".",
  " The",
  " end",
  ".",
];

function wav(text) {
  const samples = 800 + text.length * 10;
  const buf = Buffer.alloc(44 + samples);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(8000, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(samples, 40);
  return buf;
}

/** The summary a model would write: the summary so far, then each thing the person said, as "<name> said: …". */
export function fakeSummary(messages) {
  const [system, request] = messages;
  const person = system.content.match(/between (.+?) and /)?.[1] ?? "The person";
  const [, previous = "", added = ""] = request.content.match(/^Summary so far:\n([\s\S]*?)\n\nNew messages:\n([\s\S]*)$/) ?? [];
  const said = added
    .split("\n")
    .filter((line) => line.startsWith(`${person}: `))
    .map((line) => `${person} said: ${line.slice(person.length + 2)}`);
  return [previous === "(none yet)" ? "" : previous, ...said].filter(Boolean).join(" ");
}

export function startFakeOpenAi({ port = 0, tokenDelayMs = 20, firstTokenDelayMs = 0, speechDelayMs = 0 } = {}) {
  let lastRequest = null;
  const requests = [];
  let lastSpeech = null;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      if (req.method === "GET" && req.url?.endsWith("/v1/models")) {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ object: "list", data: [{ id: FAKE_MODEL, object: "model", owned_by: "local" }] }));
      }
      if (req.method === "GET" && req.url === "/requests") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(requests));
      }
      if (req.method === "GET" && req.url === "/moderation-requests") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            moderations: moderationRequests.slice(-20),
            guard: guardRequests.slice(-20),
            counts: { moderations: moderationRequests.length, guard: guardRequests.length },
          }),
        );
      }
      if (req.method === "GET" && req.url === "/last-request") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ chat: lastRequest, speech: lastSpeech }));
      }
      if (req.method === "POST" && req.url?.endsWith("/audio/speech")) {
        lastSpeech = JSON.parse(raw || "{}");
        if (speechDelayMs) await new Promise((r) => setTimeout(r, speechDelayMs));
        res.writeHead(200, { "content-type": "audio/wav" });
        return res.end(wav(lastSpeech.input ?? ""));
      }
      if (req.method === "POST" && req.url?.endsWith("/moderations")) return await moderations(req, res, raw);
      if (req.method === "POST" && req.url?.endsWith("/embeddings")) return await answerEmbeddings(res, raw);
      if (req.method === "GET" && req.url === "/embedding-requests") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(embeddingStats));
      }
      if (req.method === "POST" && req.url?.endsWith("/chat/completions") && /guard/i.test(JSON.parse(raw || "{}").model ?? ""))
        return await llamaGuard(res, raw);
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404);
        return res.end();
      }
      const body = JSON.parse(raw || "{}");
      lastRequest = { body, headers: { authorization: req.headers.authorization ?? null } };
      requests.push(body);
      if (requests.length > 100) requests.shift();
      const summarising = body.messages?.[0]?.content?.startsWith("You keep the memory");
      const last = [...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
      if (last.includes("[[500]]")) {
        res.writeHead(500, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "model crashed" } }));
      }
      if (last.includes("[[slow]]")) await new Promise((r) => setTimeout(r, 5000));
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
      res.write(": keep-alive\n\n");
      if (firstTokenDelayMs) await new Promise((r) => setTimeout(r, firstTokenDelayMs));
      const reply = summarising
        ? fakeSummary(body.messages).split(/(?= )/)
        : last.includes("[[story-json]]")
          ? STORY_REPLY
          : last.includes("[[minor]]")
            ? MINOR_REPLY
            : last.includes("[[third]]")
              ? THIRD_UNSAFE_REPLY
              : last.includes("[[long]]")
                ? LONG_REPLY
                : FAKE_REPLY;
      for (let i = 0; i < reply.length; i++) {
        const delay = last.includes("[[drip]]") ? 250 : tokenDelayMs;
        if (i > 0 && delay && reply !== LONG_REPLY) await new Promise((r) => setTimeout(r, delay));
        if (i === 4 && last.includes("[[error]]")) {
          res.write(`data: ${JSON.stringify({ error: { message: "out of memory" } })}\n\n`);
          return res.end();
        }
        // A stream that stops without [DONE] (a dropped TCP connection is the same to the reader, but
        // workerd reports it as an uncaught error in tests).
        if (i === 4 && last.includes("[[break]]")) return res.end();
        res.write(
          `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: reply[i] }, finish_reason: null }] })}\n\n`,
        );
      }
      res.write(`data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
      res.write("data: [DONE]\n\n");
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, port: server.address().port, close: () => new Promise((r) => server.close(r)) })),
  );
}

/**
 * OpenAI's moderations shape (issue 59): `{ model, input }` → `{ id, model, results: [{ flagged, categories,
 * category_scores }] }`, one result per input. Markers in a text decide: "[[minors]]" sets
 * `sexual/minors`, "[[adult]]" only `sexual`; "[[mod-500]]" answers 500, "[[mod-slow]]" waits 3 s,
 * "[[mod-short]]" leaves a result out.
 */
async function moderations(req, res, raw) {
  const body = JSON.parse(raw || "{}");
  const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ""];
  const all = inputs.join("\n");
  moderationRequests.push({ body, authorization: req.headers.authorization ?? null });
  if (all.includes("[[mod-500]]")) {
    res.writeHead(500, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: { message: "moderation down" } }));
  }
  if (all.includes("[[mod-slow]]")) await new Promise((r) => setTimeout(r, 3000));
  const results = inputs.map((text) => {
    const minors = text.includes("[[minors]]");
    const sexual = minors || text.includes("[[adult]]");
    return {
      flagged: sexual,
      categories: { sexual, "sexual/minors": minors, harassment: false, violence: false },
      category_scores: { sexual: sexual ? 0.93 : 0.01, "sexual/minors": minors ? 0.97 : 0.001, harassment: 0.001, violence: 0.002 },
    };
  });
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ id: "modr-1", model: body.model, results: all.includes("[[mod-short]]") ? results.slice(1) : results }));
}

/**
 * Llama Guard 3's answer through chat completions (a model whose name says "guard"): "safe", or
 * "unsafe" and the categories on the next line. The last message decides: "[[minors]]" is S4,
 * "[[adult]]" S12; "[[guard-500]]" answers 500, "[[guard-slow]]" waits 3 s, "[[guard-nonsense]]" answers neither.
 */
async function llamaGuard(res, raw) {
  const body = JSON.parse(raw || "{}");
  guardRequests.push(body);
  const last = body.messages?.at(-1)?.content ?? "";
  if (last.includes("[[guard-500]]")) {
    res.writeHead(500, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: { message: "guard down" } }));
  }
  if (last.includes("[[guard-slow]]")) await new Promise((r) => setTimeout(r, 3000));
  const content = last.includes("[[guard-nonsense]]")
    ? "I cannot say."
    : last.includes("[[minors]]")
      ? "unsafe\nS4"
      : last.includes("[[adult]]")
        ? "unsafe\nS12"
        : "safe";
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "g1",
      object: "chat.completion",
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    }),
  );
}

/** What the moderation endpoints were asked, for tests (GET /moderation-requests). */
const moderationRequests = [];
const guardRequests = [];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port } = await startFakeOpenAi({ port: Number(process.env.PORT ?? 8791), tokenDelayMs: Number(process.env.TOKEN_DELAY_MS ?? 20) });
  console.log(`fake OpenAI-compatible server on http://127.0.0.1:${port}/v1`);
}
