// `npm start`'s last step: finds a local model server (scripts/model-server.mjs), says what replies
// will come from, and serves the deployable bundle in Miniflare on 127.0.0.1:8787 in development mode,
// over the local state `wrangler d1 migrations apply --local` and the seed wrote (.wrangler/state).
//
// Why not `wrangler dev`: its proxy exits for good when the Worker answers a request whose body it
// did not read to the end (a 413 for a too-large upload; an empty "✘ [ERROR]"), and the app then
// answers nobody until restarted (issue 22; decision 018 moved the tests off it for the same cause).
// Miniflare serves the same bundle with the same bindings, queue consumer and rate limits.
import { existsSync } from "node:fs";
import path from "node:path";
import { root, serveBundle, writeBundle } from "./lib/serve-bundle.mjs";
import { findModelServer, varsFor } from "./model-server.mjs";
import { findSpeechServers, speechVarsFor } from "./speech-servers.mjs";

const PORT = 8787;
const [found, speech] = await Promise.all([findModelServer(), findSpeechServers()]);
const vars = { APP_ENV: "development", ...(found ? varsFor(found) : {}), ...speechVarsFor(speech) };
console.log(
  found
    ? `Chat replies: ${found.name} at ${found.baseUrl}, model "${found.model}" (found on this machine; set TEXT_PROVIDER to choose yourself).`
    : "Chat replies: the built-in offline demo writer (no local model server answered; see README, Configuration).",
);
console.log(
  speech.hearing
    ? `Calls hear you through: ${speech.hearing.name} at ${speech.hearing.baseUrl} (found on this machine; set STT_PROVIDER to choose yourself).`
    : "Calls hear you through: the browser's own speech recognition (no speech-to-text server answered on 127.0.0.1:8178 or :8000).",
);
console.log(
  speech.speaking
    ? `Characters speak through: ${speech.speaking.name} at ${speech.speaking.baseUrl} (found on this machine; set SPEECH_PROVIDER to choose yourself).`
    : "Characters speak through: the browser's own voices (no Kokoro-FastAPI server answered on 127.0.0.1:8880).",
);

const bundle = path.join(root, ".wrangler/bundle");
writeBundle(bundle);
const devVars = path.join(root, ".dev.vars");
const mf = await serveBundle({
  bundle,
  state: path.join(root, ".wrangler/state"),
  port: PORT,
  envFiles: existsSync(devVars) ? [devVars] : [],
  vars,
});
console.log(`Reverie is ready on http://127.0.0.1:${PORT}/ (development mode; Ctrl-C stops it).`);

const stop = async () => {
  await mf.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
