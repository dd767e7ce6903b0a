// Serves the Worker bundle `wrangler deploy --dry-run` writes, in Miniflare directly, with the bindings,
// queue consumer, rate limits and assets wrangler.toml declares (read by wrangler's own
// `unstable_getMiniflareWorkerOptions`). Used by the browser tests, the bench and the profiler, so all
// three measure the bundle that would be deployed, without `wrangler dev`'s proxy (decision 018).
import { execFileSync } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { seedingWorker } from "./seed-store.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const quiet = { cwd: root, stdio: ["ignore", "ignore", "inherit"] };

/**
 * Runs a set-up command, again up to twice if it fails. On a starved machine wrangler's local D1
 * sometimes loses its connection to workerd mid-command ("✘ [ERROR] other side closed"); both steps
 * here are safe to repeat (wrangler applies only the migrations not yet recorded; the seed skips what
 * it already wrote), so a second try finishes the job instead of failing the whole browser suite.
 */
function runWithRetries(command, args, options, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync(command, args, options);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.error(`${[command, ...args].join(" ")} failed (try ${attempt} of ${tries}); trying again`);
    }
  }
}

/**
 * Fresh local state in `state`: migrations, the deployable bundle in `bundle` (the seed writes chats
 * into people's objects through it), then the demo data. Answers wrangler's report on the bundle.
 */
export function freshState(state, bundle) {
  rmSync(state, { recursive: true, force: true });
  runWithRetries("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], quiet);
  const report = writeBundle(bundle);
  runWithRetries("node", ["scripts/seed.mjs"], { ...quiet, env: { ...process.env, SEED_PERSIST_TO: state, SEED_BUNDLE: bundle } });
  return report;
}

/**
 * Writes the deployable Worker (`npm run build` made it in build/server: server.ts and the React Router
 * build in one file) into `outdir` as `wrangler deploy` would upload it, with its source map, and the
 * offline painter's Worker into `outdir/painter`; returns wrangler's report on the app's bundle.
 */
export function writeBundle(outdir) {
  const report = execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], { ...quiet, stdio: ["ignore", "pipe", "inherit"] }).toString();
  copyFileSync(path.join(root, "build/server/index.js.map"), path.join(outdir, "index.js.map"));
  execFileSync("node", ["scripts/build-painter.mjs", path.join(outdir, "painter")], quiet);
  return report;
}

/** The offline painter's Worker as Miniflare runs it beside the app (painter/wrangler.toml; the PAINTER binding). */
export function painterWorker(dir) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, "painter/wrangler.toml"));
  return { ...workerOptions, modulesRules: undefined, name: "reverie-painter", modulesRoot: dir, modules: modulesIn(dir, "worker.js") };
}

const modulesIn = (dir, main) => [
  { type: "ESModule", path: path.join(dir, main) },
  ...readdirSync(dir)
    .filter((file) => file.endsWith(".wasm"))
    .map((file) => ({ type: "CompiledWasm", path: path.join(dir, file) })),
];

/**
 * Starts the bundle in `bundle` on 127.0.0.1:`port` over the state folder `state` (the layout of
 * `wrangler dev --persist-to`). `envFiles` and `vars` set variables; `inspectorPort` opens the V8
 * inspector (for CPU profiles); `seeding` runs the seeds' Worker instead (decision 086). Returns the Miniflare
 * instance once it is listening.
 */
export async function serveBundle({ bundle, state, port, envFiles = [], vars = {}, inspectorPort, painter = path.join(bundle, "painter"), seeding = false }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, "wrangler.toml"), undefined, { envFiles });
  // The seeds' Worker (decision 086): the bundle with an object that also takes seeded rows, main module first.
  const modules = seeding
    ? [
        { type: "ESModule", path: path.join(bundle, "seeding.mjs"), contents: seedingWorker },
        { type: "ESModule", path: path.join(bundle, "seed-store.mjs"), contents: readFileSync(path.join(root, "scripts/lib/seed-store.mjs"), "utf8") },
        ...modulesIn(bundle, "index.js"),
      ]
    : modulesIn(bundle, "index.js");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      cf: false,
      ...(inspectorPort ? { inspectorPort } : {}),
      resourcePersistencePath: path.join(state, "v3"),
      workers: [
        {
          ...workerOptions,
          bindings: { ...workerOptions.bindings, ...vars },
          modulesRules: undefined,
          name: "reverie",
          modulesRoot: bundle,
          modules,
        },
        painterWorker(painter),
      ],
    }),
  );
  await mf.ready;
  return mf;
}
