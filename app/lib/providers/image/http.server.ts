import { IMAGE_MESSAGES } from "~/spec/images";
import { ImageGenerationError, type ImageResult, type ImageServerOptions } from "./types";
import { sniffPicture } from "~/lib/http/uploads.server";

/** POSTs JSON to an image server and reads its JSON answer; every failure becomes a readable error. */
export async function postJson(options: ImageServerOptions, path: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new ImageGenerationError(name === "TimeoutError" || name === "AbortError" ? IMAGE_MESSAGES.serverTimeout : IMAGE_MESSAGES.serverUnreachable);
  }
  if (!response.ok) throw new ImageGenerationError(IMAGE_MESSAGES.serverAnswered(response.status));
  try {
    return await response.json();
  } catch (error) {
    if ((error as Error).name === "TimeoutError") throw new ImageGenerationError(IMAGE_MESSAGES.serverTimeout);
    throw new ImageGenerationError(IMAGE_MESSAGES.serverBroken);
  }
}

/** A base64 picture from an answer, checked to really be a PNG, JPEG or WebP file. */
export function decodePicture(base64: unknown): ImageResult {
  if (typeof base64 !== "string" || !base64) throw new ImageGenerationError(IMAGE_MESSAGES.serverBroken);
  let bytes: Uint8Array;
  try {
    const binary = atob(base64.replace(/^data:image\/\w+;base64,/, ""));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    throw new ImageGenerationError(IMAGE_MESSAGES.serverBroken);
  }
  const picture = sniffPicture(bytes);
  if (!picture) throw new ImageGenerationError(IMAGE_MESSAGES.serverBroken);
  return { bytes, contentType: picture.type };
}
