// Only the voice call figures of `npm run bench` on a fresh state, in about a minute: `node scripts/bench/call-only.mjs`.
import path from "node:path";
import { freshState, root, serveBundle } from "../lib/serve-bundle.mjs";
import { callLine, measureCall, startCallBackends } from "./call.mjs";

const PORT = 8810;
const STATE = path.join(root, ".wrangler/bench-call-state");
const BUNDLE = path.join(STATE, "bundle");
freshState(STATE, BUNDLE);
const backends = await startCallBackends();
const server = await serveBundle({ bundle: BUNDLE, state: STATE, port: PORT, vars: { APP_ENV: "development", SERVER_TIMING: "off", ...backends.vars } });
try {
  await measureCall({ base: `http://127.0.0.1:${PORT}`, backends, runs: 2 });
  console.log(callLine(await measureCall({ base: `http://127.0.0.1:${PORT}`, backends, runs: 7 })));
} finally {
  await server.dispose();
  await backends.close();
}
