import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { offlineSceneSvg } from "./offline-scene";
import type { ImageGenerator } from "./types";

let loaded = false;
/** resvg's WebAssembly (bundled with the Worker) is instantiated once per isolate. */
async function loadResvg() {
  if (loaded) return;
  try {
    await initWasm(resvgWasm);
  } catch (error) {
    // Two jobs in one batch may start it together; the second finds it ready.
    if (!String(error).includes("Already initialized")) throw error;
  }
  loaded = true;
}

/** The offline painter: a real PNG drawn from the prompt's words, with no server (labelled as such in the UI). */
export function offlineImages(): ImageGenerator {
  return {
    async generate(request) {
      await loadResvg();
      const png = new Resvg(offlineSceneSvg(request), { fitTo: { mode: "original" } }).render().asPng();
      return { bytes: png, contentType: "image/png" };
    },
  };
}
