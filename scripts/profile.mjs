// npm run profile: CPU profiles of the signed-in pages the bench measures (scripts/bench/session.mjs),
// taken through the V8 inspector of the deployable bundle served by Miniflare, over the bench's data
// (100,000 characters, a 200-message chat). For each page it writes .wrangler/profiles/<name>.cpuprofile
// (open it in Chrome DevTools, Performance) and prints CPU time per request, by package or app file and
// by function. Only 127.0.0.1 is contacted.
//   npm run profile [-- <requests per page, default 200> [<only pages whose label has this>]]
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { freshState, root, serveBundle } from "./lib/serve-bundle.mjs";
import { SIGNED_IN_PAGES, signedInCookie } from "./bench/session.mjs";

const PORT = 8789;
const INSPECTOR = 9239;
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(process.argv[2] ?? 200);
const state = path.join(root, ".wrangler/profile-state");
const bundle = path.join(state, "bundle");
const out = path.join(root, ".wrangler/profiles");

// The server build's source map (always written) lets the profile name the app's own files.
execFileSync("npx", ["remix", "vite:build"], { cwd: root, stdio: "ignore" });
freshState(state, bundle);
console.log(execFileSync("node", ["scripts/bench-seed.mjs", state, bundle], { cwd: root }).toString().trim());
const mf = await serveBundle({ bundle, state, port: PORT, inspectorPort: INSPECTOR, vars: { APP_ENV: "development", SERVER_TIMING: "off" } });

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  // The app's isolate, not the offline painter's ("reverie-painter") beside it.
  const app = (t) => /reverie(?!-painter)/.test(`${t.id ?? ""} ${t.title ?? ""}`);
  const target = targets.find(app) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 0;
  const pending = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

const map = new SourceMap(JSON.parse(readFileSync(path.join(bundle, "server.js.map"), "utf8")));
/** Where a sampled function lives: a package under node_modules, or the app's own file. */
function origin(frame) {
  if (!frame.url.endsWith("server.js")) return frame.url || "(native)";
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
  const file = entry?.originalSource?.replace(/^(\.\.\/)+/, "") ?? "server.js";
  const pkg = file.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  // drizzle-orm's and lucide-react's own source maps name their files without the package.
  const renamed = { src: "drizzle-orm", shared: "lucide-react" };
  return pkg ? (renamed[pkg[1]] ?? pkg[1]) : file;
}

/** Self time by origin and by function, in ms per request, from a V8 CPU profile. */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id])));
  // Miniflare runs the user's object in the app's isolate; in production it is an isolate of its
  // own whose CPU is billed to the object, not to the Worker's request (decision 029).
  const inObject = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) if (origin(nodes.get(at).callFrame).startsWith("app/user-store/")) return true;
    return false;
  };
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const byOrigin = new Map();
  const byFunction = new Map();
  let busy = 0;
  let object = 0;
  for (const [id, micros] of self) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === "(idle)" || callFrame.functionName === "(program)") continue;
    busy += micros;
    if (inObject(id)) object += micros;
    const where = origin(callFrame);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + micros);
    const name = `${callFrame.functionName || "(anonymous)"} · ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ where: k, "ms/request": (v / 1000 / REQUESTS).toFixed(2), share: `${((v / busy) * 100).toFixed(0)}%` }));
  return { perRequest: busy / 1000 / REQUESTS, inObject: object / 1000 / REQUESTS, origins: top(byOrigin, 12), functions: top(byFunction, 15) };
}

try {
  mkdirSync(out, { recursive: true });
  const cookie = await signedInCookie(BASE, "gold@example.com");
  const client = await inspector();
  await client.send("Profiler.enable");
  await client.send("Profiler.setSamplingInterval", { interval: 100 });
  const only = process.argv[3];
  for (const page of SIGNED_IN_PAGES.filter((p) => !only || p.label.includes(only))) {
    const get = async () => {
      const response = await fetch(BASE + page.path, { headers: { cookie, accept: page.accept ?? "text/html" } });
      if (!response.ok) throw new Error(`${page.path}: ${response.status}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 30; i++) await get(); // warm-up: JIT and the isolate's caches
    await client.send("Profiler.start");
    for (let i = 0; i < REQUESTS; i++) await get();
    const { profile } = await client.send("Profiler.stop");
    const name = page.label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    writeFileSync(path.join(out, `${name}.cpuprofile`), JSON.stringify(profile));
    const summary = summarise(profile);
    const worker = summary.perRequest - summary.inObject;
    console.log(
      `\n${page.label} (signed in): ${summary.perRequest.toFixed(2)} ms of CPU per request, over ${REQUESTS} requests: ` +
        `${worker.toFixed(2)} ms in the Worker, ${summary.inObject.toFixed(2)} ms in the user's object`,
    );
    console.table(summary.origins);
    console.table(summary.functions);
  }
  client.close();
  console.log(`\nProfiles: ${path.relative(root, out)}/*.cpuprofile`);
} finally {
  await mf.dispose();
}
