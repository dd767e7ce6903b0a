import type { Config } from "~/lib/config.server";
import { a1111Images } from "./a1111.server";
import { offlineImages, type Painter } from "./offline.server";
import { openAiImages } from "./openai.server";
import type { ImageGenerator } from "./types";

/** The picture backend IMAGE_PROVIDER names (offline needs no server: the painter's own Worker draws it). */
export function imageGenerator(config: Config["images"], painter: Painter, fetcher?: typeof fetch): ImageGenerator {
  if (config.provider === "offline" || !config.baseUrl) return offlineImages(painter);
  const options = { baseUrl: config.baseUrl, apiKey: config.apiKey, models: config.models, timeoutMs: config.timeoutMs, fetch: fetcher };
  return config.provider === "a1111" ? a1111Images(options) : openAiImages(options);
}
