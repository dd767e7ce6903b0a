/**
 * A reply spoken while it is written (issue 63): the sentences of its text as they complete, with
 * narration (*in asterisks*) left out, and with dialogue-only voice only the quoted words once the
 * reply has quoted any (before its first quote, its words are spoken: a reply that quotes nothing is
 * all dialogue, as `speechText` reads it, and waiting for its end would leave the call silent). Each
 * sentence knows where it ends in the reply's text, so a reply the person spoke over keeps exactly
 * what they heard.
 */

export type SpokenSentence = { text: string; end: number };

const ENDS = /[.!?…]/;
const QUOTES: Record<string, string> = { '"': '"', "“": "”" };

export class SentenceStream {
  #seen = 0;
  #narration = false;
  #quote: string | null = null;
  #anyQuote = false;
  #current = "";
  #pendingEnd = false;

  constructor(private readonly dialogueOnly: boolean) {}

  /** The sentences completed by the text so far (`text` grows by its end; a text that does not start as before starts again). */
  push(text: string): SpokenSentence[] {
    if (text.length < this.#seen) this.reset();
    const out: SpokenSentence[] = [];
    for (let at = this.#seen; at < text.length; at++) this.step(text, at, out);
    this.#seen = text.length;
    return out;
  }

  /** The reply ended: what is left, as a last sentence. */
  finish(text: string): SpokenSentence[] {
    const out = this.push(text);
    this.flush(text.length, out);
    return out;
  }

  private reset() {
    this.#seen = 0;
    this.#narration = false;
    this.#quote = null;
    this.#anyQuote = false;
    this.#current = "";
    this.#pendingEnd = false;
  }

  private step(text: string, at: number, out: SpokenSentence[]) {
    const c = text[at];
    if (c === "*") {
      // Narration is never spoken; it also ends what was being said.
      this.#narration = !this.#narration;
      if (this.#narration) this.flush(at, out);
      return;
    }
    if (this.#narration) return;
    if (this.#quote === null && QUOTES[c]) {
      this.flush(at, out);
      this.#quote = QUOTES[c];
      this.#anyQuote = true;
      return;
    }
    if (this.#quote !== null && c === this.#quote) {
      this.#quote = null;
      this.flush(at + 1, out);
      return;
    }
    if (this.dialogueOnly && this.#anyQuote && this.#quote === null) return;
    if (this.#pendingEnd && /\s/.test(c)) {
      this.flush(at, out);
      return;
    }
    this.#current += c;
    this.#pendingEnd = ENDS.test(c) || (this.#pendingEnd && /[)\]'’]/.test(c));
  }

  private flush(end: number, out: SpokenSentence[]) {
    const sentence = clean(this.#current);
    this.#current = "";
    this.#pendingEnd = false;
    if (sentence) out.push({ text: sentence, end });
  }
}

/** A sentence as it is said: no markup, single spaces. */
function clean(text: string) {
  return text
    .replace(/[_#>`~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
