// A local image server for tests and the bench, speaking two real protocols:
// Stable Diffusion WebUI / Forge (POST /sdapi/v1/txt2img -> { images: [base64] }) and OpenAI-style
// images (POST /v1/images/generations with response_format b64_json -> { data: [{ b64_json }] }).
// Each answer is a real PNG of the asked size (one flat colour). It takes `delayMs` per picture, and
// the prompt steers it: "[[500]]" answers 500, "[[slow]]" waits 5 s, "[[broken]]" answers a body that
// is not JSON, "[[notimage]]" answers base64 that is not a picture. GET /last-request shows the last
// body of each protocol; GET /count how many pictures each prompt asked for.
import { createServer } from "node:http";
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** A PNG of one colour, `width` x `height`. */
export function flatPng(width, height, [r, g, b] = [120, 80, 200]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export function startFakeImages({ port = 0, delayMs = 0 } = {}) {
  const last = { a1111: null, openai: null };
  const counts = {};
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      if (req.method === "GET" && req.url === "/last-request") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(last));
      }
      if (req.method === "GET" && req.url === "/count") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(counts));
      }
      const a1111 = req.method === "POST" && req.url === "/sdapi/v1/txt2img";
      const openai = req.method === "POST" && req.url?.endsWith("/images/generations");
      if (!a1111 && !openai) {
        res.writeHead(404);
        return res.end();
      }
      const body = JSON.parse(raw || "{}");
      last[a1111 ? "a1111" : "openai"] = { body, headers: { authorization: req.headers.authorization ?? null } };
      const prompt = String(body.prompt ?? "");
      counts[prompt] = (counts[prompt] ?? 0) + 1;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (prompt.includes("[[slow]]")) await new Promise((r) => setTimeout(r, 5000));
      if (prompt.includes("[[500]]")) {
        res.writeHead(500, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: "CUDA out of memory" }));
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (prompt.includes("[[broken]]")) return res.end('{"images": ["iVBOR');
      const [width, height] = a1111
        ? [body.width ?? 512, body.height ?? 512]
        : String(body.size ?? "512x512")
            .split("x")
            .map(Number);
      const picture = prompt.includes("[[notimage]]") ? Buffer.from("hello, not a picture").toString("base64") : flatPng(width, height).toString("base64");
      res.end(JSON.stringify(a1111 ? { images: [picture], parameters: body, info: "{}" } : { created: 1, data: [{ b64_json: picture }] }));
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, port: server.address().port, close: () => new Promise((r) => server.close(r)) })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port } = await startFakeImages({ port: Number(process.env.PORT ?? 7860), delayMs: Number(process.env.DELAY_MS ?? 0) });
  console.log(`fake image server (A1111 and OpenAI images) on http://127.0.0.1:${port}`);
}
