import { IMAGE_LIMITS } from "~/spec/images";
import { decodePicture, postJson } from "./http.server";
import type { ImageGenerator, ImageRequest, ImageServerOptions } from "./types";

/**
 * Stable Diffusion WebUI (A1111) and Forge: POST {base}/sdapi/v1/txt2img. The checkpoint for the
 * product's model goes in override_settings; the answer is `{ images: [base64] }`.
 */
export function a1111Images(options: ImageServerOptions): ImageGenerator {
  return {
    async generate(request: ImageRequest) {
      const checkpoint = options.models[request.model];
      const answer = await postJson(options, "/sdapi/v1/txt2img", {
        prompt: request.prompt,
        negative_prompt: request.negativePrompt,
        steps: IMAGE_LIMITS.steps,
        cfg_scale: IMAGE_LIMITS.cfgScale,
        sampler_name: IMAGE_LIMITS.sampler,
        seed: request.seed,
        width: request.width,
        height: request.height,
        ...(checkpoint ? { override_settings: { sd_model_checkpoint: checkpoint } } : {}),
      });
      const images = (answer as { images?: unknown } | null)?.images;
      return decodePicture(Array.isArray(images) ? images[0] : undefined);
    },
  };
}
