// The offline safety screen's cost (issue 59): per stored field (each sentence of the project's own test
// set, screened as the field it would be) and per reply (a 150-word reply let through one sentence at a
// time, each sentence read with the text shown before it, as the chat's writer does). The screen is
// bundled from app/lib/safety with esbuild and run in Node, one core, no server.
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "../lib/serve-bundle.mjs";

const ENTRY = `
export { screenOffline } from "~/lib/safety/screen";
export { SentenceCutter } from "~/lib/safety/sentences";
export { UNSAFE, INNOCENT } from "./tests/server/lib/safety/screen-sets";
export { MORE_UNSAFE, MORE_INNOCENT } from "./tests/server/lib/safety/screen-sets-more";
export { PHRASING_UNSAFE, PHRASING_INNOCENT } from "./tests/server/lib/safety/screen-sets-phrasing";
`;

const REPLY =
  'The lamp swings above the harbour as Mira sets the kettle on the stove. "You came back," she says, and for a moment the only sound is the sea against the rocks below. ' +
  'She pulls a second chair to the table and nods at it. Outside, the beam turns once, twice, and sweeps the empty water. "The storm took the ferry again. ' +
  'Nobody crosses tonight, so you will have to put up with my company and my terrible tea." She smiles, slides a chipped mug across the wood, and waits. ' +
  'Her hands are rough from the ropes and the winter, but steady. "Tell me what you saw out there on the point, and do not leave anything out this time."';

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const percentile = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))];

export async function measureScreen({ rounds = 20 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "screen-bench-"));
  try {
    const outfile = path.join(dir, "screen.mjs");
    await build({
      stdin: { contents: ENTRY, resolveDir: root, loader: "ts" },
      bundle: true,
      format: "esm",
      platform: "node",
      outfile,
      tsconfig: path.join(root, "tsconfig.json"),
      logLevel: "silent",
    });
    const { screenOffline, SentenceCutter, UNSAFE, INNOCENT, MORE_UNSAFE, MORE_INNOCENT, PHRASING_UNSAFE, PHRASING_INNOCENT } = await import(
      pathToFileURL(outfile).href
    );
    const items = [...UNSAFE, ...INNOCENT, ...MORE_UNSAFE, ...MORE_INNOCENT, ...PHRASING_UNSAFE, ...PHRASING_INNOCENT].flatMap((family) =>
      family.sentences.map((text) => ({ text, mode: family.mode })),
    );
    const now = new Date();
    // Warm the engine's regular expressions first.
    for (const { text, mode } of items) screenOffline(text, mode, now);
    const perField = [];
    for (let r = 0; r < rounds; r++)
      for (const { text, mode } of items) {
        const started = performance.now();
        screenOffline(text, mode, now);
        perField.push(performance.now() - started);
      }
    const perReply = [];
    const perSentence = [];
    for (let r = 0; r < rounds * 5; r++) {
      const cutter = new SentenceCutter();
      let shown = "";
      const started = performance.now();
      for (const word of REPLY.split(/(?<= )/)) {
        for (const sentence of cutter.push(word)) {
          const at = performance.now();
          screenOffline(shown.slice(-600) + sentence, "content", now);
          perSentence.push(performance.now() - at);
          shown += sentence;
        }
      }
      screenOffline(shown.slice(-600) + cutter.rest(), "content", now);
      perReply.push(performance.now() - started);
    }
    return {
      fields: items.length,
      fieldMedian: median(perField),
      fieldP99: percentile(perField, 0.99),
      replyWords: REPLY.split(/\s+/).length,
      replyMedian: median(perReply),
      sentenceMedian: median(perSentence),
      sentenceP99: percentile(perSentence, 0.99),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const s = await measureScreen();
  console.log(s);
}
