// npm run bench: serves the built app under wrangler dev (own state folder, demo data), then measures
// requests/s and p50/p99 latency for `/` and one static asset in the same run, and the Worker bundle
// size (gzip) from `wrangler deploy --dry-run`. Only 127.0.0.1 is contacted; every loop is bounded.
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { startFakeImages } from "../tests/support/fake-images.mjs";
import { startFakeOpenAi } from "../tests/support/fake-openai.mjs";
import { chatRouteJs, measureStreaming } from "./bench/chat.mjs";
import { measurePictures } from "./bench/images.mjs";

const PORT = 8789;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = ".wrangler/bench-state";
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const run = (cmd, args, env = {}) => execFileSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } }).toString();

function bundleSize() {
  const out = run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".wrangler/bench-dist"]);
  const match = out.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
  if (!match) throw new Error(`could not read the bundle size from wrangler:\n${out}`);
  return { raw: Number(match[1]), gzip: Number(match[2]) };
}

async function waitForServer(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/auth/csrf`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("wrangler dev did not start within 90 s");
}

/** Signs a demo user in through the email-code flow and returns its cookie header. */
async function signedInCookie(email) {
  const jar = new Map();
  const keep = (r) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return r;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const { csrfToken } = await keep(await fetch(`${BASE}/api/auth/csrf`)).json();
  const form = (fields) => ({
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  keep(await fetch(`${BASE}/api/auth/signin/email`, form({ csrfToken, email, callbackUrl: "/" })));
  const { messages } = await (await fetch(`${BASE}/dev/outbox.json`)).json();
  const code = messages
    .filter((m) => m.to === email)
    .at(-1)
    .subject.match(/(\d{6})$/)[1];
  keep(await fetch(`${BASE}/api/auth/callback/email`, form({ csrfToken, code })));
  jar.delete("__flash");
  return cookie();
}

const load = (path, label = path, headers = {}) =>
  autocannon({ url: BASE + path, connections: CONNECTIONS, duration: DURATION, headers: { accept: "text/html", ...headers } }).then((r) => ({
    path: label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));

run("npx", ["remix", "vite:build"]);
const asset = `/assets/${readdirSync("build/client/assets").find((f) => f.endsWith(".js"))}`;
rmSync(STATE, { recursive: true, force: true });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
run("node", ["scripts/seed.mjs"], { SEED_PERSIST_TO: STATE });
// 100,000 generated characters (BENCH_CHARACTERS to change), so listings are measured at scale.
console.log(run("node", ["scripts/bench-seed.mjs", STATE]).trim());

// A local OpenAI-compatible server: 250 ms to the first token (prompt processing of a small model on
// a GPU for a 1-2k token prompt), then a token every 20 ms. Chat replies in this run stream from it.
const MODEL_PORT = 8796;
const FIRST_TOKEN_MS = 250;
const TOKEN_MS = 20;
const model = await startFakeOpenAi({ port: MODEL_PORT, tokenDelayMs: TOKEN_MS, firstTokenDelayMs: FIRST_TOKEN_MS });
const modelBase = `http://127.0.0.1:${MODEL_PORT}/v1`;

// A local A1111-style image server that takes 2 s a picture; pictures in this run come from it.
const IMAGE_PORT = 8797;
const IMAGE_MS = 2000;
const imageServer = await startFakeImages({ port: IMAGE_PORT, delayMs: IMAGE_MS });
const imageBase = `http://127.0.0.1:${IMAGE_PORT}`;

// Its own process group, so stopping it also stops workerd.
const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(PORT),
    "--persist-to",
    STATE,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    "--var",
    "APP_ENV:development",
    "--var",
    "TEXT_PROVIDER:openai",
    "--var",
    `TEXT_API_BASE_URL:${modelBase}`,
    "--var",
    "IMAGE_PROVIDER:a1111",
    "--var",
    `IMAGE_API_BASE_URL:${imageBase}`,
    "--var",
    'IMAGE_ALLOWANCE:{"GOLD":1000}',
  ],
  {
    detached: true,
    stdio: "ignore",
  },
);
try {
  await waitForServer(Date.now() + 90_000);
  // Streaming first, while the machine is quiet (the load tests below leave workerd busy for a while).
  const memberCookie = await signedInCookie("gold@example.com");
  const characterId = (await (await fetch(`${BASE}/characters`)).text()).match(/href="\/characters\/chat\/([0-9a-z]{16})"/)[1];
  await measureStreaming({ base: BASE, cookie: memberCookie, characterId, modelBase, runs: 3 }); // warm-up
  const streaming = await measureStreaming({ base: BASE, cookie: memberCookie, characterId, modelBase, runs: 15 });
  await measurePictures({ base: BASE, cookie: memberCookie, imageBase, runs: 1 }); // warm-up
  const pictures = await measurePictures({ base: BASE, cookie: memberCookie, imageBase, runs: 5 });
  await load("/"); // warm-up
  const home = await load("/");
  const staticAsset = await load(asset);
  const member = await load("/", "/ signed in (rendered every time)", { cookie: memberCookie });
  const meApi = await load("/api/me", "GET /api/me signed in", { cookie: memberCookie, accept: "application/json" });
  // The listing: a tag filter and a deep page, against page 1, as a guest (served from the
  // Worker's page cache after the first request) and signed in (queried and rendered every time).
  const tagPage = (page) => `/characters?tag=Female&page=${page}`;
  const listings = [];
  for (const [label, headers] of [
    ["guest", {}],
    ["signed in", { cookie: memberCookie }],
  ])
    for (const page of [1, 50]) {
      await load(tagPage(page), "warm-up", headers);
      listings.push(await load(tagPage(page), `${tagPage(page)} ${label}`, headers));
    }
  const chatJs = chatRouteJs();
  const size = bundleSize();
  const ratio = home.rps / staticAsset.rps;
  const table = [home, staticAsset, member, meApi, ...listings].map((r) => ({
    path: r.path,
    "req/s": r.rps.toFixed(1),
    "p50 ms": r.p50,
    "p99 ms": r.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, wrangler dev on 127.0.0.1 (2 cores shared with the load generator)`);
  console.table(table);
  console.log(
    `Worker bundle: ${size.raw} KiB raw, ${size.gzip} KiB gzip (target at most 1024 KiB gzip: ${size.gzip <= 1024 ? "met" : "NOT met"}; of it, the offline painter's resvg WebAssembly is about 927 KiB gzip, decision 016)`,
  );
  console.log(`/ served at ${(ratio * 100).toFixed(0)}% of the static asset's requests/s (target at least 40%: ${ratio >= 0.4 ? "met" : "NOT met"})`);
  const [guest1, guest50, member1, member50] = listings;
  const listingRatio = guest50.rps / staticAsset.rps;
  console.log(
    `${guest50.path} at ${(listingRatio * 100).toFixed(0)}% of the static asset's requests/s (target at least 30%: ${listingRatio >= 0.3 ? "met" : "NOT met"})`,
  );
  for (const [one, fifty] of [
    [guest1, guest50],
    [member1, member50],
  ])
    console.log(
      `page 50 vs page 1: ${fifty.rps.toFixed(1)} vs ${one.rps.toFixed(1)} req/s, p99 ${fifty.p99} vs ${one.p99} ms (${fifty.path.split(" ").slice(1).join(" ")})`,
    );
  const ttftRatio = streaming.ours.ttft / streaming.direct.ttft;
  console.log(`Streaming (median of ${streaming.runs}; the model server takes ${FIRST_TOKEN_MS} ms to its first token, then one every ${TOKEN_MS} ms):`);
  console.log(`  straight from the model server: first token ${streaming.direct.ttft.toFixed(1)} ms, total ${streaming.direct.total.toFixed(1)} ms`);
  console.log(`  through POST /api/chats/:id/messages: first token ${streaming.ours.ttft.toFixed(1)} ms, total ${streaming.ours.total.toFixed(1)} ms`);
  console.log(
    `  time to first token ratio ${ttftRatio.toFixed(2)} (target at most 1.1: ${ttftRatio <= 1.1 ? "met" : "NOT met"}); our endpoint adds ${(streaming.ours.ttft - streaming.direct.ttft).toFixed(1)} ms before the first token`,
  );
  console.log(
    `Chat route JavaScript: ${chatJs.routeKiB.toFixed(1)} KiB gzip in ${chatJs.files} files of its own, ${chatJs.withSharedKiB.toFixed(1)} KiB with the shared entry and root (target at most 120 KB: ${chatJs.routeKiB <= 117.2 ? "met" : "NOT met"})`,
  );
  const added = (pictures.queued - pictures.direct) / 1000;
  console.log(
    `Pictures (median of ${pictures.runs}; the image server takes ${IMAGE_MS} ms): straight from it ${(pictures.direct / 1000).toFixed(2)} s, POST /api/images to completed at /api/status ${(pictures.queued / 1000).toFixed(2)} s; the queue adds ${added.toFixed(2)} s (target at most 1.5 s: ${added <= 1.5 ? "met" : "NOT met"})`,
  );
} finally {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  await model.close();
  await imageServer.close();
}
