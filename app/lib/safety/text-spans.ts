/**
 * Matches, sentences and distances in a view of a text, and the shape of a reference to a minor found in it (issue 59). Pure: the browser shares it.
 */
/**
 * A reference to a minor. `kind`: an age, a word for a young person or a school stage, or a word of
 * the body's development (always the subject's own). `weak` ones ("chibi", "girlie") count only in a
 * sexual context.
 */
export type Reference = {
  text: string;
  index: number;
  end: number;
  kind: "age" | "word" | "body";
  /** Counts only in a sexual context ("chibi", "girlie", an age "12-ish"). */
  weak?: boolean;
  /** Counts in a sexual or romantic context, never alone (a loose age, a thing of a child's life). */
  soft?: boolean;
  /** An age a person says of themselves ("I'm 15", "[15F]"): refused whatever the context. */
  self?: boolean;
  now?: boolean;
};

export const blank = (m: string) => " ".repeat(m.length);

/** Matches of a pattern as text and index (a global copy, so the shared pattern keeps no state). */
export const all = (pattern: RegExp, text: string) =>
  [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))].map((m) => ({
    text: m[0],
    index: m.index!,
    end: m.index! + m[0].length,
    groups: m,
  }));

export const endsWith = (pattern: RegExp, text: string) => new RegExp(`(?:${pattern.source})[\\s-]*$`, pattern.flags.replace("g", "")).test(text);

export const startsWith = (pattern: RegExp, text: string) => new RegExp(`^[\\s-]*(?:${pattern.source})`, pattern.flags.replace("g", "")).test(text);

/** Sentences with where they start, so references and contexts can be compared by distance. */
export function sentenceStarts(text: string) {
  const starts = [0];
  // A sheet's fields ("Age: 29 | Likes: ...") and a parenthesis stand apart from what surrounds them, as sentences do.
  for (const m of text.matchAll(/[.!?…]+["”')\]]*\s+|\n+|\s[|/]\s|[()]/g)) starts.push(m.index! + m[0].length);
  return starts.sort((a, b) => a - b);
}

export function sentenceOf(starts: number[], index: number) {
  let s = 0;
  while (s + 1 < starts.length && starts[s + 1] <= index) s++;
  return s;
}

export const sameSentence = (starts: number[], ref: Reference, c: { index: number }) => sentenceOf(starts, ref.index) === sentenceOf(starts, c.index);

/** Whether any context match is near the reference: in its sentence or the next or previous one, or within 200 characters. */
export function near(starts: number[], ref: Reference, contexts: { index: number }[]) {
  const at = sentenceOf(starts, ref.index);
  return contexts.some((c) => Math.abs(sentenceOf(starts, c.index) - at) <= 1 || Math.abs(c.index - ref.index) <= 200);
}
