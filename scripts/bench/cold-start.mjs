// Cold start (issue 28): from a fresh isolate to its first answer. Each run starts a new Miniflare
// (a new workerd, a new isolate that must compile and evaluate the whole bundle, wasm included)
// over the bench's state, and times it to the first response of GET /robots.txt (a route through the
// Worker entry and Remix that reads nothing). The same is timed for a one-line Worker, whose figure
// is Miniflare's and workerd's own start; the difference is what our bundle adds to a cold start.
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { serveBundle } from "../lib/serve-bundle.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function firstAnswer(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`cold start: ${path} answered ${response.status}`);
}

export async function measureColdStart({ bundle, state, port, runs = 7 }) {
  const ours = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    const app = await serveBundle({ bundle, state, port, vars: { APP_ENV: "development", SERVER_TIMING: "off" } });
    await firstAnswer(port, "/robots.txt");
    ours.push(performance.now() - started);
    await app.dispose();

    started = performance.now();
    const hello = new Miniflare(
      convertV4MiniflareOptions({
        host: "127.0.0.1",
        port,
        workers: [{ name: "hello", modules: true, script: "export default { fetch() { return new Response('ok'); } };" }],
      }),
    );
    await hello.ready;
    await firstAnswer(port, "/");
    bare.push(performance.now() - started);
    await hello.dispose();
  }
  return { runs, ours: median(ours), bare: median(bare), added: median(ours.map((t, i) => t - bare[i])) };
}
