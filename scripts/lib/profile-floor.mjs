// The floor under npm run profile's figures: the same Miniflare, inspector, sampling and accounting,
// for a Worker that answers at once and for one that makes a single trivial D1 call. Miniflare runs
// its own entry Worker and D1's database on the Worker's thread, and the profiler counts their work
// in the profiled isolate (decision 064); these figures show how much that is per request. The third
// Worker answers a stored page of a guest page's size from the Cache API, as the guests' page cache
// does, with nothing else around it: what serving any cached page reads here (decision 079).
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { connectInspector, profileRequests } from "./inspector.mjs";

const PORT = 8792;
const INSPECTOR = 9242;

const SCRIPT = `const PAGE = "<!DOCTYPE html>" + "<p>A cached page.</p>".repeat(1600);
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/d1") return Response.json(await env.DB.prepare("SELECT 1 AS one").first());
    if (pathname === "/cache") {
      const hit = await caches.default.match(request.url);
      if (hit) return hit;
      const page = new Response(PAGE, { headers: { "content-type": "text/html", "cache-control": "public, max-age=3600" } });
      await caches.default.put(request.url, page.clone());
      return page;
    }
    return Response.json({ one: 1 });
  },
};`;

/** `summarise(profile)` is npm run profile's accounting; answers its figures for each of the three. */
export async function measureFloor({ requests, summarise, compatibilityDate }) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: PORT,
      inspectorPort: INSPECTOR,
      cf: false,
      workers: [{ name: "floor", modules: true, script: SCRIPT, compatibilityDate, d1Databases: ["DB"] }],
    }),
  );
  try {
    const base = (await mf.ready).href;
    const client = await connectInspector(INSPECTOR, (t) => t.includes("floor"));
    await client.send("Profiler.enable");
    await client.send("Profiler.setSamplingInterval", { interval: 100 });
    const figures = {};
    for (const [label, path] of [
      ["answers at once", ""],
      ["one D1 call", "d1"],
      ["a page from the Cache API", "cache"],
    ]) {
      const get = async () => void (await (await fetch(base + path)).arrayBuffer());
      figures[label] = summarise(await profileRequests(client, requests, get), requests);
    }
    client.close();
    return figures;
  } finally {
    await mf.dispose();
  }
}
