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

/**
 * Each pattern's derived copies, made once: building a RegExp from a lexicon's source costs more than
 * running it (the source is read, hashed and looked up again on every build), and a long chat file
 * screens thousands of texts against the same few dozen patterns.
 */
const globalCopies = new WeakMap<RegExp, RegExp>();
const endings = new WeakMap<RegExp, RegExp>();
const openings = new WeakMap<RegExp, RegExp>();

function derived(cache: WeakMap<RegExp, RegExp>, pattern: RegExp, make: () => RegExp) {
  let copy = cache.get(pattern);
  if (!copy) cache.set(pattern, (copy = make()));
  return copy;
}

/**
 * Every match of a pattern, as `matchAll` finds them, without its cost: `matchAll` copies the pattern
 * and makes an iterator on every call, which here costs more than a short text's search. A global
 * pattern is run as it is (its position reset before and after; the loop is synchronous, so no other
 * caller sees it half way); any other runs a global copy kept for it.
 */
export function matches(pattern: RegExp, text: string): RegExpExecArray[] {
  const global = pattern.global ? pattern : derived(globalCopies, pattern, () => new RegExp(pattern.source, `${pattern.flags}g`));
  const found: RegExpExecArray[] = [];
  global.lastIndex = 0;
  for (let m = global.exec(text); m; m = global.exec(text)) {
    found.push(m);
    // An empty match moves on one character, as matchAll does (by code point with the u or v flag).
    if (m[0] === "") global.lastIndex = m.index + (/[uv]/.test(global.flags) ? String.fromCodePoint(text.codePointAt(m.index) ?? 0).length : 1);
  }
  global.lastIndex = 0;
  return found;
}

/** Matches of a pattern as text and index. */
export const all = (pattern: RegExp, text: string) =>
  matches(pattern, text).map((m) => ({ text: m[0], index: m.index, end: m.index + m[0].length, groups: m }));

export const endsWith = (pattern: RegExp, text: string) =>
  derived(endings, pattern, () => new RegExp(`(?:${pattern.source})[\\s-]*$`, pattern.flags.replace("g", ""))).test(text);

export const startsWith = (pattern: RegExp, text: string) =>
  derived(openings, pattern, () => new RegExp(`^[\\s-]*(?:${pattern.source})`, pattern.flags.replace("g", ""))).test(text);

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
