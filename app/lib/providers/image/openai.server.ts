import { decodePicture, postJson } from "./http.server";
import type { ImageGenerator, ImageRequest, ImageServerOptions } from "./types";

/**
 * OpenAI-style images (OpenAI, LocalAI and compatible servers): POST {base}/images/generations with
 * `response_format: "b64_json"`; the answer is `{ data: [{ b64_json }] }`. There is no negative
 * prompt and no seed in this protocol, so both are left out (the UI says so).
 */
export function openAiImages(options: ImageServerOptions): ImageGenerator {
  return {
    async generate(request: ImageRequest) {
      const answer = await postJson(options, "/images/generations", {
        model: options.models[request.model] ?? request.model,
        prompt: request.prompt,
        n: 1,
        size: `${request.width}x${request.height}`,
        response_format: "b64_json",
      });
      const data = (answer as { data?: unknown } | null)?.data;
      const first = Array.isArray(data) ? (data[0] as { b64_json?: unknown } | undefined) : undefined;
      return decodePicture(first?.b64_json);
    },
  };
}
