/**
 * What hears the person in a voice call (issue 63, decision 090): one utterance's audio (a WAV the
 * call screen recorded, 16 kHz mono) in, its words out. `browser` (the browser's own recognition)
 * needs no server and has no adapter here.
 */
export type Transcriber = {
  /** Names the server and model in logs, e.g. "transcriptions · whisper-1". */
  label: string;
  /** The words said in `audio`; "" when nothing was said. Throws TranscriptionUnavailable when the server cannot answer. */
  transcribe(audio: Uint8Array<ArrayBuffer>, type: string, signal: AbortSignal): Promise<string>;
};

/** The server could not hear the audio (down, timed out, answered nonsense). */
export class TranscriptionUnavailable extends Error {}
