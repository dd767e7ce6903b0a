// Issue 15's figures: each signed-in page under load (20 connections) as a share of the static asset's
// requests/s measured just before it, and one request at a time (alternating with the static asset)
// minus the static asset's median, as an estimate of the work each request costs. Guests are measured too, so a
// change for members that slowed guests (or broke their page cache) shows.
import autocannon from "autocannon";
import { GUEST_PAGES, SIGNED_IN_PAGES } from "./session.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Targets from issue 15: ms over the static asset at concurrency 1. The share of the static asset's
 * requests/s is printed as a figure only: in Miniflare the Worker, D1 and the load generator share two
 * cores, so that ratio says more about this machine than about users (issue 28).
 */
const TARGETS = {
  "/": { overStatic: 15 },
  "/characters?tag=Female&page=1": { overStatic: 15 },
  "/characters?tag=Female&page=50": { overStatic: 15 },
  "/characters?sort=trending": { overStatic: 15 },
  "/characters?sort=trending-week&tag=Female&page=20": { overStatic: 15 },
  "/characters/following": { overStatic: 15 },
  "chat, 200 messages": { overStatic: 15 },
  "/faq": { overStatic: 15 },
  "GET /api/me": { overStatic: 6 },
};
/** Issue 28's budget of D1 waits in sequence: the session, then one batch; /api/me once. */
const TRIPS_BUDGET = { "GET /api/me": 1 };

/**
 * D1 round trips per signed-in page, from the Server-Timing header of a server that has it on (the
 * bench's own runs without it, as production does): how many in all, and how many one after another.
 */
export async function measureRoundTrips({ base, cookie }) {
  const trips = {};
  for (const page of SIGNED_IN_PAGES) {
    const response = await fetch(base + page.path, { headers: { cookie, accept: page.accept ?? "text/html" } });
    await response.arrayBuffer();
    const m = (response.headers.get("Server-Timing") ?? "").match(/desc="(\d+) round trips?, (\d+) in sequence"/);
    trips[page.label] = m ? { all: Number(m[1]), sequence: Number(m[2]) } : null;
  }
  return trips;
}
export const HTML_TARGET_BYTES = 40 * 1024;

/** One page's D1 round trips (all, and in sequence) from a server with Server-Timing on. */
export async function roundTripsOf({ base, cookie, path }) {
  const response = await fetch(base + path, { headers: { cookie, accept: "text/html" } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const m = (response.headers.get("Server-Timing") ?? "").match(/desc="(\d+) round trips?, (\d+) in sequence"/);
  return m ? { all: Number(m[1]), sequence: Number(m[2]) } : null;
}

/** The median of `count` requests one after another (ms), and the page's size. */
export async function medianOf({ base, cookie, path, count = 20 }) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(base + path, { headers: { cookie, accept: "text/html" } });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - start);
  }
  return { ms: median(times), bytes };
}

export function createLoad({ base, connections, duration }) {
  return (path, headers = {}, seconds = duration) =>
    autocannon({ url: base + path, connections, duration: seconds, headers: { accept: "text/html", ...headers } }).then((r) => ({
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    }));
}

async function timed(url, headers) {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - start, bytes: body.byteLength };
}

/**
 * One request at a time, the page and the static asset in turn, so both meet the same machine (two
 * shared cores drift over a run): the medians of each, and the page's size.
 */
async function alternating(base, page, headers, asset, runs) {
  const pageTimes = [];
  const staticTimes = [];
  let bytes = 0;
  for (let i = 0; i < runs + 10; i++) {
    const a = await timed(base + asset, {});
    const b = await timed(base + page, headers);
    bytes = b.bytes;
    if (i < 10) continue; // the first ten warm the isolate
    staticTimes.push(a.ms);
    pageTimes.push(b.ms);
  }
  return { page: median(pageTimes), static: median(staticTimes), bytes };
}

/**
 * Each signed-in page under load right after the static asset under load (its ratio is to that), and
 * one at a time against the static asset.
 */
export async function measurePages({ base, load, cookie, asset, runs = 200 }) {
  const rows = [];
  for (const page of SIGNED_IN_PAGES) {
    const headers = { cookie, accept: page.accept ?? "text/html" };
    const one = await alternating(base, page.path, headers, asset, runs);
    await load(page.path, headers, 3); // warm-up
    const staticLoad = await load(asset);
    const loaded = await load(page.path, headers);
    rows.push({ ...page, ...loaded, staticRps: staticLoad.rps, one: one.page, staticOne: one.static, bytes: one.bytes });
  }
  // The floor for anything signed in: a call whose only work is reading its session (one D1 statement).
  const floorHeaders = { cookie, accept: "application/json" };
  await load(FLOOR_PATH, floorHeaders, 3);
  const floorStatic = await load(asset);
  const floor = { ...(await load(FLOOR_PATH, floorHeaders)), staticRps: floorStatic.rps };
  const guests = [];
  for (const path of GUEST_PAGES) {
    await load(path, {}, 3); // warm-up, and fills the guest cache
    const staticLoad = await load(asset);
    const loaded = await load(path);
    const cached = (await fetch(base + path, { headers: { accept: "text/html" } })).headers.get("x-guest-cache");
    guests.push({ path, ...loaded, staticRps: staticLoad.rps, cached });
  }
  return { rows, guests, floor };
}

/** A signed-in call that does nothing but read its session. */
const FLOOR_PATH = "/api/auth/session";

export function reportPages({ rows, guests, floor }, trips = {}) {
  const mark = (ok) => (ok ? "met" : "NOT met");
  const range = (values) => `${Math.min(...values).toFixed(0)} to ${Math.max(...values).toFixed(0)}`;
  console.log(
    `\nSigned in (gold@example.com). The static asset, measured next to each page: ${range(rows.map((r) => r.staticRps))} req/s, ${range(rows.map((r) => r.staticOne))} ms one at a time`,
  );
  console.table(
    rows.map((r) => {
      const target = TARGETS[r.label];
      const ratio = r.rps / r.staticRps;
      const over = r.one - r.staticOne;
      return {
        path: r.label,
        "req/s": r.rps.toFixed(1),
        "÷ static": ratio.toFixed(2),
        "p50 ms": r.p50,
        "1 at a time − static": `${over.toFixed(1)} ms (≤${target.overStatic} ${mark(over <= target.overStatic)})`,
        "D1 waits": trips[r.label]
          ? `${trips[r.label].sequence} of ${trips[r.label].all} (≤${TRIPS_BUDGET[r.label] ?? 2} ${mark(trips[r.label].sequence <= (TRIPS_BUDGET[r.label] ?? 2))})`
          : "?",
        KB: (r.bytes / 1024).toFixed(1),
        non2xx: r.non2xx,
      };
    }),
  );
  const catalog = rows.find((r) => r.path.startsWith("/characters?"));
  console.log(`/characters HTML: ${(catalog.bytes / 1024).toFixed(1)} KB (target at most 40 KB: ${mark(catalog.bytes <= HTML_TARGET_BYTES)})`);
  console.log(
    `The floor: signed-in GET ${FLOOR_PATH}, which only reads its session (one D1 statement), answers ${floor.rps.toFixed(1)} req/s, ${(floor.rps / floor.staticRps).toFixed(2)} of the static asset (${floor.staticRps.toFixed(0)} req/s). Locally D1 is SQLite in a Durable Object on the same cores, so every round trip costs this machine's CPU.`,
  );
  console.log("Guests (served from the Worker's page cache after the first request):");
  console.table(
    guests.map((g) => ({
      path: g.path,
      "req/s": g.rps.toFixed(1),
      "÷ static": (g.rps / g.staticRps).toFixed(2),
      "p50 ms": g.p50,
      "guest cache": g.cached ?? "(no header)",
      non2xx: g.non2xx,
    })),
  );
}
