// npm run bench -- is long; this measures only the chat's streaming (time to first token and to the first
// screened sentence, through us and straight from the model server) on a fresh state: `node scripts/bench/stream-only.mjs`.
import path from "node:path";
import { startFakeOpenAi } from "../../tests/support/fake-openai.mjs";
import { freshState, root, serveBundle } from "../lib/serve-bundle.mjs";
import { measureStreaming } from "./chat.mjs";
import { signedInCookie } from "./session.mjs";

const PORT = 8809;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = path.join(root, ".wrangler/bench-stream-state");
const BUNDLE = path.join(STATE, "bundle");
freshState(STATE, BUNDLE);
const model = await startFakeOpenAi({ port: 8806, tokenDelayMs: 20, firstTokenDelayMs: 250 });
const modelBase = "http://127.0.0.1:8806/v1";
const server = await serveBundle({
  bundle: BUNDLE,
  state: STATE,
  port: PORT,
  vars: { APP_ENV: "development", SERVER_TIMING: "off", TEXT_PROVIDER: "openai", TEXT_API_BASE_URL: modelBase },
});
try {
  const cookie = await signedInCookie(BASE, "gold@example.com");
  const characterId = (await (await fetch(`${BASE}/characters`)).text()).match(/href="\/characters\/chat\/([0-9a-z]{16})"/)[1];
  await measureStreaming({ base: BASE, cookie, characterId, modelBase, runs: 3 });
  const s = await measureStreaming({ base: BASE, cookie, characterId, modelBase, runs: 15 });
  console.log(
    `median of ${s.runs}: direct first token ${s.direct.ttft.toFixed(1)} ms, first sentence ${s.direct.sentence.toFixed(1)} ms, total ${s.direct.total.toFixed(1)} ms; ` +
      `ours first text ${s.ours.ttft.toFixed(1)} ms, total ${s.ours.total.toFixed(1)} ms; first-token ratio ${(s.ours.ttft / s.direct.ttft).toFixed(2)}, first-sentence ratio ${(s.ours.ttft / s.direct.sentence).toFixed(2)}`,
  );
} finally {
  await server.dispose();
  await model.close();
}
