// npm run profile: CPU profiles of the signed-in pages the bench measures (scripts/bench/session.mjs),
// taken through the V8 inspector of the deployable bundle served by Miniflare, over the bench's data
// (100,000 characters, a 200-message chat). For each page it writes .wrangler/profiles/<name>.cpuprofile
// (open it in Chrome DevTools, Performance) and prints CPU time per request, by package or app file and
// by function, and how much of it ran while a D1 call was on the stack; then the guests' pages, answered
// from the Worker's page cache (issue 28: at most 1 ms each). Last, the floor: the same
// measure of a Worker that answers at once, of one making a single D1 call (decision 064), and of one
// answering a stored page from the Cache API (decision 079).
// Only 127.0.0.1 is contacted.
//   npm run profile [-- <requests per page, default 200> [<only pages whose label has this>]]
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { connectInspector, profileRequests, WARM_UP_CALLS } from "./lib/inspector.mjs";
import { measureFloor } from "./lib/profile-floor.mjs";
import { freshState, root, serveBundle } from "./lib/serve-bundle.mjs";
import { GUEST_PAGES, SIGNED_IN_PAGES, signedInCookie } from "./bench/session.mjs";

const PORT = 8789;
const INSPECTOR = 9239;
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(process.argv[2] ?? 200);
const state = path.join(root, ".wrangler/profile-state");
const bundle = path.join(state, "bundle");
const out = path.join(root, ".wrangler/profiles");

// The server build's source map (always written) lets the profile name the app's own files.
execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "ignore" });
freshState(state, bundle);
console.log(execFileSync("node", ["scripts/bench-seed.mjs", state, bundle], { cwd: root }).toString().trim());
const mf = await serveBundle({ bundle, state, port: PORT, inspectorPort: INSPECTOR, vars: { APP_ENV: "development", SERVER_TIMING: "off" } });

const map = new SourceMap(JSON.parse(readFileSync(path.join(bundle, "index.js.map"), "utf8")));
/** Where a sampled function lives: a package under node_modules, or the app's own file. */
function origin(frame) {
  if (!frame.url.endsWith("index.js")) return frame.url || "(native)";
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
  const file = entry?.originalSource?.replace(/^(\.\.\/)+/, "") ?? "index.js";
  const pkg = file.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  // drizzle-orm's and lucide-react's own source maps name their files without the package.
  const renamed = { src: "drizzle-orm", shared: "lucide-react" };
  return pkg ? (renamed[pkg[1]] ?? pkg[1]) : file;
}

/** Whether a sample's stack passes through a frame `matches` picks. */
function within(nodes, parents, id, matches) {
  for (let at = id; at !== undefined; at = parents.get(at)) if (matches(origin(nodes.get(at).callFrame))) return true;
  return false;
}

/**
 * Self time by origin and by function, in ms per request, from a V8 CPU profile; and how much of it
 * ran in the user's object, and how much while a D1 call was on the stack.
 */
function summarise(profile, requests = REQUESTS) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id])));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const byOrigin = new Map();
  const byFunction = new Map();
  let busy = 0;
  let object = 0;
  let d1 = 0;
  for (const [id, micros] of self) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === "(idle)" || callFrame.functionName === "(program)") continue;
    busy += micros;
    // Miniflare runs the user's object in the app's isolate; in production it is an isolate of its
    // own whose CPU is billed to the object, not to the Worker's request (decision 029).
    if (within(nodes, parents, id, (o) => o.startsWith("app/user-store/"))) object += micros;
    // Miniflare runs D1's database on the same thread, and its work lands here (decision 064).
    else if (within(nodes, parents, id, (o) => o === "cloudflare-internal:d1-api")) d1 += micros;
    const where = origin(callFrame);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + micros);
    const name = `${callFrame.functionName || "(anonymous)"} · ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const perRequest = (micros) => micros / 1000 / requests;
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ where: k, "ms/request": perRequest(v).toFixed(2), share: `${((v / busy) * 100).toFixed(0)}%` }));
  return { perRequest: perRequest(busy), inObject: perRequest(object), inD1: perRequest(d1), origins: top(byOrigin, 12), functions: top(byFunction, 15) };
}

const compatibilityDate = readFileSync(path.join(root, "wrangler.toml"), "utf8").match(/compatibility_date\s*=\s*"([^"]+)"/)[1];
const totals = [];
const guestTotals = [];
try {
  mkdirSync(out, { recursive: true });
  const cookie = await signedInCookie(BASE, "gold@example.com");
  // The app's isolate, not the offline painter's ("reverie-painter") beside it.
  const client = await connectInspector(INSPECTOR, (t) => /reverie(?!-painter)/.test(t));
  await client.send("Profiler.enable");
  await client.send("Profiler.setSamplingInterval", { interval: 100 });
  const only = process.argv[3];
  for (const page of SIGNED_IN_PAGES.filter((p) => !only || p.label.includes(only))) {
    const get = async () => {
      const response = await fetch(BASE + page.path, { headers: { cookie, accept: page.accept ?? "text/html" } });
      if (!response.ok) throw new Error(`${page.path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const profile = await profileRequests(client, REQUESTS, get);
    const name = page.label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    writeFileSync(path.join(out, `${name}.cpuprofile`), JSON.stringify(profile));
    const summary = summarise(profile);
    const worker = summary.perRequest - summary.inObject;
    console.log(
      `\n${page.label} (signed in): ${summary.perRequest.toFixed(2)} ms of CPU per request, over ${REQUESTS} requests: ` +
        `${worker.toFixed(2)} ms in the Worker (${summary.inD1.toFixed(2)} of it during D1 calls), ${summary.inObject.toFixed(2)} ms in the user's object`,
    );
    console.table(summary.origins);
    console.table(summary.functions);
    totals.push({
      page: page.label,
      "Worker, ms": worker.toFixed(2),
      "during D1 calls": summary.inD1.toFixed(2),
      "Worker outside D1 calls": (worker - summary.inD1).toFixed(2),
    });
  }
  // Guests' pages, answered from the Worker's page cache once the warm-up has filled it.
  for (const pagePath of GUEST_PAGES.filter((p) => !only || p.includes(only))) {
    let calls = 0;
    const get = async () => {
      const response = await fetch(BASE + pagePath, { headers: { accept: "text/html" } });
      if (!response.ok) throw new Error(`${pagePath}: ${response.status}`);
      await response.arrayBuffer();
      // Every profiled call, after the warm-up, must be a cache hit.
      if (++calls > WARM_UP_CALLS && response.headers.get("x-guest-cache") !== "hit") throw new Error(`${pagePath}: not answered from the guest cache`);
    };
    const profile = await profileRequests(client, REQUESTS, get);
    const name = `guest-${pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}`;
    writeFileSync(path.join(out, `${name}.cpuprofile`), JSON.stringify(profile));
    const summary = summarise(profile);
    console.log(`\n${pagePath} (guest, from the page cache): ${summary.perRequest.toFixed(2)} ms of CPU per request, over ${REQUESTS} requests`);
    console.table(summary.functions.slice(0, 8));
    guestTotals.push({ page: pagePath, "Worker, ms": summary.perRequest.toFixed(2), "target at most 1 ms": summary.perRequest <= 1 ? "met" : "NOT met" });
  }
  client.close();
  console.log(`\nProfiles: ${path.relative(root, out)}/*.cpuprofile`);
} finally {
  await mf.dispose();
}

// What a Worker with no work of its own reads here, measured the same way (decision 064).
const floor = await measureFloor({ requests: REQUESTS, summarise, compatibilityDate });
const answers = floor["answers at once"];
const oneCall = floor["one D1 call"];
const fromCache = floor["a page from the Cache API"];
console.log("\nPer signed-in page, CPU per request in the Worker (ms):");
console.table(totals);
if (guestTotals.length) {
  console.log("Guests' pages from the Worker's page cache, CPU per request (ms):");
  for (const row of guestTotals) row["beyond a Worker that only answers from the cache"] = (Number(row["Worker, ms"]) - fromCache.perRequest).toFixed(2);
  console.table(guestTotals);
}
console.log(
  `The floor, measured the same way: a Worker that answers at once reads ${answers.perRequest.toFixed(2)} ms; ` +
    `one with a single D1 call "SELECT 1" reads ${oneCall.perRequest.toFixed(2)} ms (${oneCall.inD1.toFixed(2)} of it during the call); ` +
    `one that answers a stored 33 KB page from the Cache API reads ${fromCache.perRequest.toFixed(2)} ms.`,
);
