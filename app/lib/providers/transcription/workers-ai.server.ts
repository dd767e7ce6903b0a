import { TranscriptionUnavailable, type Transcriber } from "./types";

/** The part of the `AI` binding this adapter uses (Workers AI's `run`). */
export type WorkersAiSpeech = { run(model: string, input: { audio: string }): Promise<unknown> };

function base64(bytes: Uint8Array) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * Whisper on Workers AI (`@cf/openai/whisper-large-v3-turbo`), where a deployment has the `AI`
 * binding: the audio goes as base64, the answer's `text` is what was said. It cannot run locally.
 */
export function workersAiTranscriber(ai: WorkersAiSpeech, model = "@cf/openai/whisper-large-v3-turbo"): Transcriber {
  return {
    label: `Workers AI · ${model}`,
    async transcribe(audio) {
      let output: { text?: unknown };
      try {
        output = (await ai.run(model, { audio: base64(audio) })) as { text?: unknown };
      } catch (error) {
        throw new TranscriptionUnavailable(`Workers AI could not hear the audio (${String(error)}).`);
      }
      if (typeof output?.text !== "string") throw new TranscriptionUnavailable("Workers AI's answer had no text.");
      return output.text.trim();
    },
  };
}
