import { getConfig } from "~/lib/config.server";
import { signedMediaPath } from "~/lib/http/media.server";
import { synthesizeSpeech } from "~/lib/providers/speech/kokoro.server";
import type { JobHandler } from "./queue.server";

/** `voiceSample`: the character's own voice, which the speech server fetches from us when the job runs. */
export type SpeechJobInput = { text: string; voice: string; key: string; voiceSample?: { key: string; origin: string } };

/** The `speech` job: audio for a text in a voice, stored in R2 once; the reply is its media URL. */
export const speechJob: JobHandler = async (job, env) => {
  const input = job.input as SpeechJobInput;
  const cached = await env.MEDIA.head(input.key);
  if (cached) return `/media/${input.key}`;
  const speech = getConfig(env).speech;
  if (!speech.baseUrl) throw new Error("No speech server is configured.");
  const audio = await synthesizeSpeech(
    { baseUrl: speech.baseUrl, apiKey: speech.apiKey, model: speech.model },
    {
      input: input.text,
      voice: input.voice,
      // The speech server has no session: it gets a short-lived signed address, made as the job runs (decision 026).
      voiceSampleUrl: input.voiceSample
        ? new URL(await signedMediaPath(getConfig(env).sessionSecret, input.voiceSample.key), input.voiceSample.origin).toString()
        : undefined,
    },
  );
  await env.MEDIA.put(input.key, audio.bytes, { httpMetadata: { contentType: audio.contentType } });
  return `/media/${input.key}`;
};
