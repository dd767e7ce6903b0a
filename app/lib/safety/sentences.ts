/**
 * Streamed text cut into sentences as it arrives (issue 59): a model's reply reaches nobody before the
 * sentence it belongs to has passed the screen, so the writer holds what arrives until a sentence is
 * whole, screens it, and only then sends it on. A word cut in half is never judged alone. Pure.
 */

/** Where a sentence ends: its final mark (and closing quotes or brackets) and the space after it, or a line break. */
const END = /[.!?…]+["”’')\]*_]*\s+|\n+/g;

/** A sentence held longer than this without an end is sent on at its last space (a model may never end one). */
export const LONGEST_SENTENCE = 600;

export class SentenceCutter {
  private held = "";

  /** Adds streamed text; answers the sentences it completed, in order, each with the space after it. */
  push(piece: string): string[] {
    this.held += piece;
    const out: string[] = [];
    let start = 0;
    for (const m of this.held.matchAll(END)) {
      const end = m.index! + m[0].length;
      out.push(this.held.slice(start, end));
      start = end;
    }
    this.held = this.held.slice(start);
    if (this.held.length > LONGEST_SENTENCE) {
      const space = this.held.lastIndexOf(" ", LONGEST_SENTENCE);
      const cut = space > 0 ? space + 1 : LONGEST_SENTENCE;
      out.push(this.held.slice(0, cut));
      this.held = this.held.slice(cut);
    }
    return out;
  }

  /** What is held when the stream ends: the last sentence, which may have no end mark. */
  rest(): string {
    const rest = this.held;
    this.held = "";
    return rest;
  }
}

/** How much of what was already shown a sentence is screened with: the screen reads a sentence with the ones before it. */
const CONTEXT_CHARS = 600;
/** The end of a text, starting at a word (a cut word would be read as another: "canteen" as "teen"). */
const tail = (text: string) => (text.length <= CONTEXT_CHARS ? text : text.slice(text.indexOf(" ", text.length - CONTEXT_CHARS) + 1));

/**
 * A streamed text let through a sentence at a time (issue 59): each sentence is screened with the end
 * of what was shown before it, in order, while the stream goes on; one that fails stops the gate, and
 * neither it nor anything after it is released. `check` is the gate's verdict on the window of text.
 */
export class SentenceGate<Stop> {
  /** What passed and was released, in order. */
  shown = "";
  /** Why the gate stopped (the first sentence that failed), or null. */
  stopped: Stop | null = null;
  private readonly cutter = new SentenceCutter();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly check: (window: string, sentence: string) => Promise<{ ok: true } | { ok: false; stop: Stop }>,
    private readonly release: (sentence: string) => void,
  ) {}

  /** Adds streamed text; sentences it completes are screened and released in order, without holding up the stream. */
  push(piece: string) {
    for (const sentence of this.cutter.push(piece)) this.queue(sentence);
  }

  /** The stream ended: the last sentence is screened too; resolves when everything is released or the gate stopped. */
  finish() {
    const rest = this.cutter.rest();
    if (rest) this.queue(rest);
    return this.chain;
  }

  private queue(sentence: string) {
    this.chain = this.chain.then(async () => {
      if (this.stopped) return;
      const verdict = await this.check(tail(this.shown) + sentence, sentence);
      if (!verdict.ok) {
        this.stopped = verdict.stop;
        return;
      }
      this.shown += sentence;
      this.release(sentence);
    });
  }
}
