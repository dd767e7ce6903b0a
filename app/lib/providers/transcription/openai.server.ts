import { TranscriptionUnavailable, type Transcriber } from "./types";

const EXTENSIONS: Record<string, string> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
};

/**
 * OpenAI-style transcriptions, as whisper.cpp's server, faster-whisper-server/speaches, LocalAI, Groq
 * and OpenAI serve them: POST {base}/audio/transcriptions, multipart `file` and `model`; the answer's
 * `text` is what was said.
 */
export function openAiTranscriber(options: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch }): Transcriber {
  return {
    label: `transcriptions · ${options.model}`,
    async transcribe(audio, type, signal) {
      const form = new FormData();
      form.append("file", new Blob([audio], { type }), `speech.${EXTENSIONS[type] ?? "wav"}`);
      form.append("model", options.model);
      form.append("response_format", "json");
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}/audio/transcriptions`, {
          method: "POST",
          headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
          body: form,
          signal,
        });
      } catch (error) {
        throw new TranscriptionUnavailable(
          signal.aborted ? "The speech-to-text server took too long." : `The speech-to-text server could not be reached (${String(error)}).`,
        );
      }
      if (!response.ok) throw new TranscriptionUnavailable(`The speech-to-text server answered ${response.status}.`);
      const answer = (await response.json().catch(() => null)) as { text?: unknown } | null;
      if (typeof answer?.text !== "string") throw new TranscriptionUnavailable("The speech-to-text server's answer had no text.");
      return answer.text.trim();
    },
  };
}
