import type { ImageGenerator, ImageRequest, ImageResult } from "./types";

/** The PAINTER service binding: the offline painter's own Worker (painter/worker.ts, decision 055). */
export type Painter = { paint(request: ImageRequest): Promise<ImageResult> };

/** The offline painter: a real PNG drawn from the prompt's words, with no server (labelled as such in the UI). */
export function offlineImages(painter: Painter): ImageGenerator {
  return { generate: async (request) => await painter.paint(request) };
}
