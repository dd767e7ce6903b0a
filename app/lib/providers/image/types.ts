import type { ImageModel } from "~/spec/images";

export type ImageRequest = {
  prompt: string;
  negativePrompt: string;
  /** The product's model; the adapter maps it to a backend checkpoint. */
  model: ImageModel;
  width: number;
  height: number;
  seed: number;
  /** Who the picture is of, when it is a known character (a chat picture): the offline painter draws the same face every time. */
  subject?: string | null;
};

export type ImageResult = { bytes: Uint8Array; contentType: "image/png" | "image/jpeg" | "image/webp" };

/** One picture backend. */
export interface ImageGenerator {
  generate(request: ImageRequest): Promise<ImageResult>;
}

export type ImageServerOptions = {
  baseUrl: string;
  apiKey?: string;
  /** realistic/anime -> the backend's checkpoint or model id (IMAGE_MODELS). */
  models: Partial<Record<ImageModel, string>>;
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** A failure with a message a person can read (the job's error). */
export class ImageGenerationError extends Error {}
