import { sha256Hex } from "~/lib/digest";
import { JOB_MESSAGES } from "~/spec/messages";

/** A speech server's failure, in words fit to show (what the server answered, not our internals). */
export class SpeechGenerationError extends Error {}

export type SpeechOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number; fetch?: typeof fetch };

const AUDIO_TYPES: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/ogg": "ogg",
  "audio/opus": "ogg",
};

/**
 * OpenAI-style speech (Kokoro-FastAPI and compatible servers): POST {base}/audio/speech with
 * `{ model, input, voice, response_format }`; the answer is the audio file.
 */
export async function synthesizeSpeech(options: SpeechOptions, request: { input: string; voice: string; voiceSampleUrl?: string }) {
  const response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}/audio/speech`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
    body: JSON.stringify({
      model: options.model,
      input: request.input,
      voice: request.voice,
      response_format: "mp3",
      ...(request.voiceSampleUrl ? { voice_sample_url: request.voiceSampleUrl } : {}),
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  if (!response.ok) throw new SpeechGenerationError(JOB_MESSAGES.speechServerAnswered(response.status));
  const contentType = (response.headers.get("content-type") ?? "audio/mpeg").split(";")[0].trim();
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!bytes.length) throw new SpeechGenerationError(JOB_MESSAGES.speechServerSilent);
  return { bytes, contentType, ext: AUDIO_TYPES[contentType] ?? "mp3" };
}

/**
 * The R2 key of a text spoken for one person: the same voice and text are generated once for them.
 * Keyed per person, so nobody can tell from the cache whether someone else had a sentence spoken, and
 * the files go with the account (`speech/<userId>-`; decision 026).
 */
export const speechCacheKey = async (userId: string, voice: string, text: string) => `${speechPrefix(userId)}${await sha256Hex(`${voice}\n${text}`)}`;

/** Where one person's spoken texts are kept in R2. */
export const speechPrefix = (userId: string) => `speech/${userId}-`;
