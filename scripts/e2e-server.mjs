// Serves the built app for the browser tests: fresh local state, migrations, demo data, then the Worker
// in Miniflare on 127.0.0.1:${E2E_PORT:-8788}. Playwright starts this in its own process group and stops it.
//
// Why not `wrangler dev`: its proxy exits when a browser aborts a request mid-flight (an empty
// "✘ [ERROR]"; cloudflare/workers-sdk#15451, #15317, #15203, open upstream), which a browser suite does
// all the time. Miniflare serves the same bundle with the same bindings without that proxy. Decision 018.
//
// Beside it, on ${E2E_VOICE_PORT:-8794}, the same bundle over a copy of the seeded state with a speech
// server configured (Kokoro's protocol, spoken by flite in tests/support/fake-stt.mjs on 8792): the
// browser tests of server voices (Play, and a call's voice) run there, the rest on the browser's voice.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { freshState, root, serveBundle } from "./lib/serve-bundle.mjs";

const state = path.join(root, "tests/e2e/.state");
const bundle = path.join(state, "bundle");
const port = Number(process.env.E2E_PORT ?? 8788);
const voiceState = path.join(root, "tests/e2e/.state-voice");
const voicePort = Number(process.env.E2E_VOICE_PORT ?? 8794);
const envFiles = [path.join(root, "tests/e2e/e2e.env")];

freshState(state, bundle);
rmSync(voiceState, { recursive: true, force: true });
cpSync(state, voiceState, { recursive: true, force: true, filter: (from) => from !== bundle });
// The voice server first: Playwright waits for the main one, and then both are listening.
const voice = await serveBundle({
  bundle,
  state: voiceState,
  port: voicePort,
  envFiles,
  vars: { SPEECH_PROVIDER: "kokoro", SPEECH_API_BASE_URL: "http://127.0.0.1:8792/v1" },
});
const mf = await serveBundle({ bundle, state, port, envFiles });
console.log(`e2e-server: ready on http://127.0.0.1:${port}/ (with a speech server on ${voicePort})`);

const stop = async () => {
  await Promise.all([mf.dispose(), voice.dispose()]).catch(() => {});
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
