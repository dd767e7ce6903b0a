import { JOB_MESSAGES } from "~/spec/messages";

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
  if (!response.ok) throw new Error(JOB_MESSAGES.speechServerAnswered(response.status));
  const contentType = (response.headers.get("content-type") ?? "audio/mpeg").split(";")[0].trim();
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!bytes.length) throw new Error(JOB_MESSAGES.speechServerSilent);
  return { bytes, contentType, ext: AUDIO_TYPES[contentType] ?? "mp3" };
}

/** The R2 key of a spoken text: the same voice and text are generated once. */
export async function speechCacheKey(voice: string, text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${voice}\n${text}`));
  return `speech/${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
