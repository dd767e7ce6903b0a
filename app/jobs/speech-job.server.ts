import { getConfig } from "~/lib/config.server";
import { synthesizeSpeech } from "~/lib/providers/speech/kokoro.server";
import type { JobHandler } from "./queue.server";

export type SpeechJobInput = { text: string; voice: string; key: string; voiceSampleUrl?: string };

/** The `speech` job: audio for a text in a voice, stored in R2 once; the reply is its media URL. */
export const speechJob: JobHandler = async (job, env) => {
  const input = job.input as SpeechJobInput;
  const cached = await env.MEDIA.head(input.key);
  if (cached) return `/media/${input.key}`;
  const speech = getConfig(env).speech;
  if (!speech.baseUrl) throw new Error("No speech server is configured.");
  const audio = await synthesizeSpeech(
    { baseUrl: speech.baseUrl, apiKey: speech.apiKey, model: speech.model },
    { input: input.text, voice: input.voice, voiceSampleUrl: input.voiceSampleUrl },
  );
  await env.MEDIA.put(input.key, audio.bytes, { httpMetadata: { contentType: audio.contentType, cacheControl: "public, max-age=31536000, immutable" } });
  return `/media/${input.key}`;
};
