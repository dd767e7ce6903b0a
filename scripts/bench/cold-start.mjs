// Cold start (issue 28): from a fresh isolate to its first answer. Each run starts a new Miniflare
// (a new workerd, a new isolate that must compile and evaluate the whole bundle, wasm included)
// over the bench's state, and times it to the first response of GET /robots.txt (a route through the
// Worker entry and Remix that reads nothing). The same is timed for a three-line Worker with the same
// bindings (D1, R2, queues, the object, rate limits), whose figure is Miniflare's and workerd's own
// start; the difference is what our bundle adds to a cold start. Miniflare is patched so that writing
// workerd's config does not copy the bundle's text over and over (decision 066).
// Then the isolate's own share: the sampled CPU of evaluating the bundle (`wrangler check startup`, the
// V8 profile of workerd loading the Worker that Cloudflare offers for its start-up limit).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root, serveBundle } from "../lib/serve-bundle.mjs";

const TINY_WORKER = `import { DurableObject } from "cloudflare:workers";
export class UserStore extends DurableObject {}
export default { fetch() { return new Response("ok"); }, queue() {}, scheduled() {} };
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function firstAnswer(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`cold start: ${path} answered ${response.status}`);
}

/** Milliseconds from a new Miniflare serving `bundle` to its first answer on `path`. */
async function startToAnswer({ bundle, state, port, painter, path: answerPath }) {
  const started = performance.now();
  const server = await serveBundle({ bundle, state, port, painter, vars: { APP_ENV: "development", SERVER_TIMING: "off" } });
  try {
    await firstAnswer(port, answerPath);
    return performance.now() - started;
  } finally {
    await server.dispose();
  }
}

export async function measureColdStart({ bundle, state, port, runs = 7 }) {
  // Both run beside the offline painter's Worker (the PAINTER binding names it, and Miniflare starts
  // it with them), so the difference is still the app's own bundle.
  const painter = path.join(bundle, "painter");
  const tiny = mkdtempSync(path.join(tmpdir(), "reverie-tiny-worker-"));
  writeFileSync(path.join(tiny, "index.js"), TINY_WORKER);
  const ours = [];
  const bare = [];
  try {
    for (let i = 0; i < runs; i++) {
      ours.push(await startToAnswer({ bundle, state, port, painter, path: "/robots.txt" }));
      bare.push(await startToAnswer({ bundle: tiny, state, port, painter, path: "/" }));
    }
  } finally {
    rmSync(tiny, { recursive: true, force: true });
  }
  return { runs, ours: median(ours), bare: median(bare), added: median(ours.map((t, i) => t - bare[i])) };
}

/** Milliseconds of CPU in a profile, without its idle and the wait before its first sample. */
function profiledMs(file) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let micros = 0;
  profile.samples.forEach((id, i) => {
    if (i > 0 && !idle.has(id)) micros += profile.timeDeltas[i];
  });
  return micros / 1000;
}

/**
 * The sampled CPU of workerd loading the deployable Worker, median of `runs`: evaluating it. Compiling
 * comes before the profile's first sample, so it is not in the figure (decision 066).
 */
export function measureStartupCpu({ runs = 5 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "reverie-startup-"));
  const quiet = { cwd: root, stdio: ["ignore", "ignore", "inherit"] };
  try {
    const form = path.join(dir, "worker.bundle");
    execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outfile", form], quiet);
    const cpu = [];
    for (let i = 0; i < runs; i++) {
      const out = path.join(dir, `startup-${i}.cpuprofile`);
      execFileSync("npx", ["wrangler", "check", "startup", "--worker", form, "--outfile", out], quiet);
      cpu.push(profiledMs(out));
    }
    return { runs, median: median(cpu), min: Math.min(...cpu), max: Math.max(...cpu) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
