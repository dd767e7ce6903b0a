// A local speech-to-text server for tests, speaking OpenAI's transcription protocol and backed by a
// real engine: Debian's pocketsphinx (`pocketsphinx_continuous`, with pocketsphinx-en-us). POST
// /v1/audio/transcriptions takes multipart `file` (a WAV; sox brings any WAV to 16 kHz mono 16-bit
// first) and `model`, and answers `{ "text" }`; the model "[[down]]" answers 503. GET /sample?text=…
// answers that sentence spoken by flite's `rms` voice as a 16 kHz WAV, with `pad` seconds of silence
// after it (for tests that need an utterance); GET /health answers 200. It also speaks, as Kokoro-FastAPI
// does: POST /v1/audio/speech `{ input, voice }` answers the input spoken by flite (a WAV; flite has no
// Kokoro voices, so `voice` is only recorded), and GET /spoken lists what it was asked to say. Only 127.0.0.1.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The sentence spoken by flite's rms voice (the voice pocketsphinx understands), as 16 kHz mono 16-bit WAV bytes. */
export async function spokenWav(text, padSeconds = 0) {
  const dir = mkdtempSync(path.join(tmpdir(), "reverie-say-"));
  try {
    await run("flite", ["-voice", "rms", "-t", text, "-o", path.join(dir, "raw.wav")]);
    await run("sox", [
      path.join(dir, "raw.wav"),
      "-r",
      "16000",
      "-c",
      "1",
      "-b",
      "16",
      path.join(dir, "out.wav"),
      ...(padSeconds ? ["pad", "0.3", String(padSeconds)] : []),
    ]);
    return readFileSync(path.join(dir, "out.wav"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What pocketsphinx heard in a WAV. */
export async function transcribeWav(bytes) {
  const dir = mkdtempSync(path.join(tmpdir(), "reverie-hear-"));
  try {
    writeFileSync(path.join(dir, "in.wav"), bytes);
    await run("sox", [path.join(dir, "in.wav"), "-r", "16000", "-c", "1", "-b", "16", path.join(dir, "16k.wav")]);
    const { stdout } = await run("pocketsphinx_continuous", ["-infile", path.join(dir, "16k.wav"), "-logfn", "/dev/null"], { timeout: 30_000 });
    return stdout
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .join(" ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The requests answered (GET /requests): when each came and what was heard, for tests and the bench. */
const heard = [];
/** What it was asked to say (GET /spoken): when, the text and the voice. */
const spoken = [];

export function startFakeStt({ port = 8792 } = {}) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const json = (status, body) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      try {
        if (req.method === "GET" && url.pathname === "/health") return json(200, { ok: true });
        if (req.method === "GET" && url.pathname === "/requests") return json(200, heard.slice(-50));
        if (req.method === "GET" && url.pathname === "/spoken") return json(200, spoken.slice(-50));
        if (req.method === "POST" && url.pathname.endsWith("/audio/speech")) {
          const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
          if (typeof body.input !== "string" || !body.input.trim()) return json(400, { error: { message: "input is required" } });
          spoken.push({ at: Date.now(), input: body.input, voice: body.voice });
          const wav = await spokenWav(body.input);
          res.writeHead(200, { "content-type": "audio/wav" });
          return res.end(wav);
        }
        if (req.method === "GET" && url.pathname === "/sample") {
          const wav = await spokenWav(url.searchParams.get("text") ?? "hello", Number(url.searchParams.get("pad") ?? 0));
          res.writeHead(200, { "content-type": "audio/wav" });
          return res.end(wav);
        }
        if (req.method === "POST" && url.pathname.endsWith("/audio/transcriptions")) {
          const form = await new Request("http://127.0.0.1/", { method: "POST", headers: req.headers, body: Buffer.concat(chunks) }).formData();
          const file = form.get("file");
          if (!(file instanceof Blob)) return json(400, { error: { message: "file is required" } });
          if (form.get("model") === "[[down]]") return json(503, { error: { message: "down" } });
          const text = await transcribeWav(Buffer.from(await file.arrayBuffer()));
          heard.push({ at: Date.now(), text, bytes: file.size, model: form.get("model") });
          return json(200, { text });
        }
        json(404, { error: { message: "not found" } });
      } catch (error) {
        json(500, { error: { message: String(error?.message ?? error) } });
      }
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ port, close: () => new Promise((r) => server.close(() => r())) })));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startFakeStt({ port: Number(process.env.PORT ?? 8792) });
  console.log(`speech-to-text test server (pocketsphinx) on http://127.0.0.1:${process.env.PORT ?? 8792}/v1`);
}
