// Serves the built app for the browser tests: fresh local state, migrations, demo data, then the Worker
// in Miniflare on 127.0.0.1:${E2E_PORT:-8788}. Playwright starts this in its own process group and stops it.
//
// Why not `wrangler dev`: its proxy exits when a browser aborts a request mid-flight (an empty
// "✘ [ERROR]"; cloudflare/workers-sdk#15451, #15317, #15203, open upstream), which a browser suite does
// all the time. Miniflare serves the same bundle with the same bindings without that proxy. Decision 018.
import path from "node:path";
import { freshState, root, serveBundle } from "./lib/serve-bundle.mjs";

const state = path.join(root, "tests/e2e/.state");
const bundle = path.join(state, "bundle");
const port = Number(process.env.E2E_PORT ?? 8788);

freshState(state, bundle);
const mf = await serveBundle({ bundle, state, port, envFiles: [path.join(root, "tests/e2e/e2e.env")] });
console.log(`e2e-server: ready on http://127.0.0.1:${port}/`);

const stop = async () => {
  await mf.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
