// npm run bench: serves the built app under wrangler dev (own state folder, demo data), then measures
// requests/s and p50/p99 latency for `/` and one static asset in the same run, and the Worker bundle
// size (gzip) from `wrangler deploy --dry-run`. Only 127.0.0.1 is contacted; every loop is bounded.
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";

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
    } catch {}
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
  const form = (fields) => ({ method: "POST", redirect: "manual", headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  keep(await fetch(`${BASE}/api/auth/signin/email`, form({ csrfToken, email, callbackUrl: "/" })));
  const { messages } = await (await fetch(`${BASE}/dev/outbox.json`)).json();
  const code = messages.filter((m) => m.to === email).at(-1).subject.match(/(\d{6})$/)[1];
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

// Its own process group, so stopping it also stops workerd.
const server = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE, "--show-interactive-dev-session=false", "--log-level", "warn"], {
  detached: true,
  stdio: "ignore",
});
try {
  await waitForServer(Date.now() + 90_000);
  await load("/"); // warm-up
  const home = await load("/");
  const staticAsset = await load(asset);
  const memberCookie = await signedInCookie("gold@example.com");
  const member = await load("/", "/ signed in (rendered every time)", { cookie: memberCookie });
  const meApi = await load("/api/me", "GET /api/me signed in", { cookie: memberCookie, accept: "application/json" });
  // The listing: a tag filter and a deep page, against page 1, as a guest (served from the
  // Worker's page cache after the first request) and signed in (queried and rendered every time).
  const tagPage = (page) => `/characters?tag=Female&page=${page}`;
  const listings = [];
  for (const [label, headers] of [["guest", {}], ["signed in", { cookie: memberCookie }]])
    for (const page of [1, 50]) {
      await load(tagPage(page), "warm-up", headers);
      listings.push(await load(tagPage(page), `${tagPage(page)} ${label}`, headers));
    }
  const size = bundleSize();
  const ratio = home.rps / staticAsset.rps;
  const table = [home, staticAsset, member, meApi, ...listings].map((r) => ({ path: r.path, "req/s": r.rps.toFixed(1), "p50 ms": r.p50, "p99 ms": r.p99, non2xx: r.non2xx, errors: r.errors }));
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, wrangler dev on 127.0.0.1 (2 cores shared with the load generator)`);
  console.table(table);
  console.log(`Worker bundle: ${size.raw} KiB raw, ${size.gzip} KiB gzip (target at most 1024 KiB gzip: ${size.gzip <= 1024 ? "met" : "NOT met"})`);
  console.log(`/ served at ${(ratio * 100).toFixed(0)}% of the static asset's requests/s (target at least 40%: ${ratio >= 0.4 ? "met" : "NOT met"})`);
  const [guest1, guest50, member1, member50] = listings;
  const listingRatio = guest50.rps / staticAsset.rps;
  console.log(`${guest50.path} at ${(listingRatio * 100).toFixed(0)}% of the static asset's requests/s (target at least 30%: ${listingRatio >= 0.3 ? "met" : "NOT met"})`);
  for (const [one, fifty] of [[guest1, guest50], [member1, member50]])
    console.log(`page 50 vs page 1: ${fifty.rps.toFixed(1)} vs ${one.rps.toFixed(1)} req/s, p99 ${fifty.p99} vs ${one.p99} ms (${fifty.path.split(" ").slice(1).join(" ")})`);
} finally {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
}
