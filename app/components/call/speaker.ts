/**
 * The call's voice (issue 63, decision 090): sentences spoken in order as they come, without gaps.
 * With a speech server each sentence is asked for as soon as it is complete (while the one before is
 * still playing), and played in order; without one, the browser's own voice speaks them (its queue
 * keeps the order). `heard` is where the sentences begun so far end in the reply's text: what a reply
 * spoken over keeps.
 */
import { csrfHeaders } from "~/lib/browser/api-client";
import { localizeResetMessage } from "~/lib/local-time";
import type { SpokenSentence } from "~/lib/chat/spoken-sentences";

export type SpeakerVoice =
  { kind: "server"; callId: string } | { kind: "browser"; voiceFor: (speakerId?: string) => { lang: string; voice: SpeechSynthesisVoice | null } };

type Queued = { sentence: SpokenSentence; speakerId?: string; audio: Promise<Blob | null> | null };

export class Speaker {
  #queue: Queued[] = [];
  #playing: Queued | null = null;
  #element: HTMLAudioElement | null = null;
  #aborts = new AbortController();
  #heard = 0;
  #browserPending = 0;

  constructor(
    private readonly voice: SpeakerVoice,
    private readonly events: { onBusy: (busy: boolean) => void; onRefused: (status: number, message: string) => void },
  ) {}

  /** Where the sentences begun so far end in the reply's text. */
  get heard() {
    return this.#heard;
  }

  get busy() {
    return !!this.#playing || this.#queue.length > 0 || this.#browserPending > 0;
  }

  /** A new reply: what was heard counts from its start. */
  reset() {
    this.#heard = 0;
  }

  say(sentence: SpokenSentence, speakerId?: string) {
    if (this.voice.kind === "browser") return this.speakInBrowser(sentence, this.voice.voiceFor(speakerId));
    const audio = this.fetchAudio(sentence.text, speakerId);
    this.#queue.push({ sentence, speakerId, audio });
    if (!this.#playing) void this.next();
  }

  /** Stops speaking at once, and drops what was waiting (barge-in, or the call ending). */
  stop() {
    this.#aborts.abort();
    this.#aborts = new AbortController();
    this.#queue = [];
    this.#playing = null;
    if (this.#element) {
      this.#element.pause();
      this.#element.src = "";
    }
    if (this.voice.kind === "browser" && typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
    this.#browserPending = 0;
    this.events.onBusy(false);
  }

  private async fetchAudio(text: string, speakerId?: string): Promise<Blob | null> {
    const voice = this.voice as Extract<SpeakerVoice, { kind: "server" }>;
    try {
      const answer = await fetch(`/api/calls/${voice.callId}/say`, {
        method: "POST",
        headers: { "content-type": "application/json", ...csrfHeaders() },
        body: JSON.stringify({ text, ...(speakerId ? { speakerId } : {}) }),
        signal: this.#aborts.signal,
      });
      if (answer.ok) return await answer.blob();
      const problem = ((await answer.json().catch(() => null)) as { error?: { message?: string; resetAt?: string } } | null)?.error;
      // A sentence with nothing to say aloud (narration only) is skipped; a call out of minutes, or ended, ends.
      if (answer.status !== 400) this.events.onRefused(answer.status, problem?.message ? localizeResetMessage(problem.message, problem.resetAt) : "");
      return null;
    } catch {
      return null;
    }
  }

  private async next(): Promise<void> {
    const item = this.#queue.shift();
    if (!item) {
      this.#playing = null;
      this.events.onBusy(false);
      return;
    }
    this.#playing = item;
    this.#heard = Math.max(this.#heard, item.sentence.end);
    this.events.onBusy(true);
    const blob = await item.audio;
    if (this.#playing !== item) return;
    if (blob) await this.play(blob);
    if (this.#playing === item) return await this.next();
  }

  private play(blob: Blob) {
    return new Promise<void>((resolve) => {
      const element = (this.#element ??= new Audio());
      const url = URL.createObjectURL(blob);
      const done = () => {
        element.onended = element.onerror = element.onpause = null;
        URL.revokeObjectURL(url);
        resolve();
      };
      element.onended = element.onerror = element.onpause = done;
      element.src = url;
      element.play().catch(done);
    });
  }

  private speakInBrowser(sentence: SpokenSentence, voice: { lang: string; voice: SpeechSynthesisVoice | null }) {
    if (typeof speechSynthesis === "undefined") return;
    const utterance = new SpeechSynthesisUtterance(sentence.text);
    utterance.lang = voice.voice?.lang || voice.lang;
    if (voice.voice) utterance.voice = voice.voice;
    this.#browserPending++;
    utterance.onstart = () => {
      this.#heard = Math.max(this.#heard, sentence.end);
    };
    utterance.onend = utterance.onerror = () => {
      this.#browserPending = Math.max(0, this.#browserPending - 1);
      if (!this.#browserPending) this.events.onBusy(false);
    };
    this.events.onBusy(true);
    speechSynthesis.speak(utterance);
  }
}
