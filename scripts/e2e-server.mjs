// Serves the built app for the browser tests: fresh local state, migrations, demo data, then the Worker
// in Miniflare on 127.0.0.1:${E2E_PORT:-8788}. Playwright starts this in its own process group and stops it.
//
// Why not `wrangler dev`: its proxy exits when a browser aborts a request mid-flight (an empty
// "✘ [ERROR]"; cloudflare/workers-sdk#15451, #15317, #15203, open upstream), which a browser suite does
// all the time. Miniflare serves the same bundle with the same bindings (read from wrangler.toml by
// wrangler's own `unstable_getMiniflareWorkerOptions`) without that proxy. Decision 018.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const state = path.join(root, "tests/e2e/.state");
const bundle = path.join(state, "bundle");
const port = Number(process.env.E2E_PORT ?? 8788);
const run = (args, env = {}) => execFileSync("npx", args, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });

rmSync(state, { recursive: true, force: true });
run(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
execFileSync("node", ["scripts/seed.mjs"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, SEED_PERSIST_TO: state } });
// The same bundle `wrangler deploy` would upload (server.ts, the Remix build and the wasm it imports).
run(["wrangler", "deploy", "--dry-run", "--outdir", bundle]);

const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, "wrangler.toml"), undefined, {
  envFiles: [path.join(root, "tests/e2e/e2e.env")],
});
// The bundle's entry, then the WebAssembly it imports by file name.
const modules = [
  { type: "ESModule", path: path.join(bundle, "server.js") },
  ...readdirSync(bundle)
    .filter((file) => file.endsWith(".wasm"))
    .map((file) => ({ type: "CompiledWasm", path: path.join(bundle, file) })),
];
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port,
    cf: false,
    // The layout `wrangler dev --persist-to` and scripts/seed.mjs use.
    resourcePersistencePath: path.join(state, "v3"),
    workers: [{ ...workerOptions, modulesRules: undefined, name: "reverie", modulesRoot: bundle, modules }],
  }),
);
const url = await mf.ready;
console.log(`e2e-server: ready on ${url}`);

const stop = async () => {
  await mf.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
