import { WorkerEntrypoint } from "cloudflare:workers";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { offlineSceneSvg } from "~/lib/providers/image/offline-scene";
import type { ImageRequest, ImageResult } from "~/lib/providers/image/types";

let loaded = false;
/** resvg's WebAssembly (bundled with this Worker) is instantiated once per isolate. */
async function loadResvg() {
  if (loaded) return;
  try {
    await initWasm(resvgWasm);
  } catch (error) {
    // Two pictures asked at once may start it together; the second finds it ready.
    if (!String(error).includes("Already initialized")) throw error;
  }
  loaded = true;
}

/** The offline painter's Worker: `paint` draws a real PNG from the prompt's words (app/lib/providers/image/offline.server.ts calls it). */
export default class Painter extends WorkerEntrypoint {
  async paint(request: ImageRequest): Promise<ImageResult> {
    await loadResvg();
    const png = new Resvg(offlineSceneSvg(request), { fitTo: { mode: "original" } }).render().asPng();
    return { bytes: png, contentType: "image/png" };
  }
}
