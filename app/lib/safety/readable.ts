/**
 * Text as a person reads it, not as it is spelled (decision 026, issue 59): the screen looks at these
 * views of a text, so zero-width characters, look-alike letters from other alphabets, leetspeak,
 * letters spaced or dotted apart and stretched letters hide nothing. Pure: the browser shares it.
 */

/** Characters that hide between letters: zero-width spaces and joiners, word joiners, soft hyphens, BOM, variation selectors. */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]|\u20e3|\u034f|\u17b4|\u17b5|[\u180b-\u180d]|\ufe0f|\ufe0e|[\ufe00-\ufe0d]/gu;

/** Letters of other alphabets that look like Latin ones (Cyrillic, Greek, and a few signs). */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  с: "c",
  е: "e",
  ё: "e",
  һ: "h",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  ԛ: "q",
  ѕ: "s",
  т: "t",
  у: "y",
  х: "x",
  ԝ: "w",
  ѵ: "v",
  ӏ: "l",
  г: "r",
  п: "n",
  и: "u",
  л: "n",
  д: "a",
  з: "3",
  б: "6",
  ч: "4",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "u",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  γ: "y",
  ω: "w",
  σ: "o",
  ς: "s",
  λ: "l",
  θ: "o",
  δ: "d",
  π: "n",
  ℓ: "l",
  ı: "i",
  ȷ: "j",
  ø: "o",
  ł: "l",
  đ: "d",
  ħ: "h",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  þ: "th",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "g");

/** The text folded: width and compatibility forms (NFKC), invisible characters gone, accents off, look-alikes as Latin, lower case. */
export function folded(text: string) {
  return (
    text
      .normalize("NFKC")
      .replace(INVISIBLE, "")
      .toLowerCase()
      .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c)
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      // Composed again, so Hangul syllables (which NFD splits into letters) read as people write them.
      .normalize("NFC")
      .replace(/[’‘`´]/g, "'")
      .replace(/[‐‑‒–]/g, "-")
      // A dash between words parts them, as a space does (the view that joins "fo-urteen" must not join "ward—kind").
      .replace(/[—―]/g, " ")
  );
}

/** Leetspeak read as letters, inside words that have letters ("l0li", "t33n", "ch1ld"); "1" and "!" are tried as "i" and "l". */
const LEET: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", $: "s", "+": "t", "|": "l", "€": "e" };
function unleet(text: string, one: "i" | "l") {
  return text.replace(/[\p{L}\p{N}@$!+|€]+/gu, (word) =>
    /\p{L}/u.test(word) && /[013456789@$!+|€]/.test(word) && !/^\d+(?:st|nd|rd|th|s|yo|y)$/.test(word)
      ? word.replace(/[013456789@$!+|€]/g, (c) => (c === "1" || c === "!" ? one : (LEET[c] ?? c)))
      : word,
  );
}

/** Letters spaced, dotted or dashed apart ("c h i l d", "k.i.d", "l-o-l-i") joined back into words. */
const SPACED = /(?<![\p{L}\p{N}'])\p{L}([ .\-_*·•~/\\])(?:\p{L}\1){1,}\p{L}(?![\p{L}\p{N}])/gu;
/** Joined whole, and joined but for a first or last letter that may be a word of its own ("a c h i l d" is "a child", "g r a d e r x" is "grader x"). */
const unspaced = (text: string, keep: "none" | "first" | "last") =>
  text.replace(SPACED, (run) => {
    const join = (part: string) => part.replace(/[^\p{L}]/gu, "");
    // Only a letter that is a word by itself: "a" or "i" first, the "x" of a pairing ("grader x older guy") last.
    if (keep === "first" && /^[ai]$/.test(run[0])) return `${run[0]} ${join(run.slice(2))}`;
    if (keep === "last" && run.at(-1) === "x") return `${join(run.slice(0, -2))} ${run.at(-1)}`;
    return join(run);
  });

/** Letters stretched ("teeeen", "loooli"): runs of three or more, as two and as one. */
const stretchedTo = (text: string, keep: 1 | 2) => text.replace(/(\p{L})\1{2,}/gu, keep === 2 ? "$1$1" : "$1");

/**
 * The views of a text the screen reads, the plain one first: folded, then with leetspeak read both
 * ways, letters joined back, and stretched letters shortened. Each view keeps the text's length
 * roughly, so what is near in one is near in the others.
 */
export function readableViews(text: string): string[] {
  const plain = folded(text);
  const views = new Set<string>([plain]);
  // The text as written, only in lower case: other alphabets read as themselves ("четырнадцать лет").
  if (/[\u0250-\uffff]/.test(text)) views.add(text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase());
  for (const view of [unleet(plain, "i"), unleet(plain, "l")]) views.add(view);
  // A number with a letter for its "1" ("l4", "i3"), as people write a teen's age past a filter.
  views.add(plain.replace(/(?<![\p{L}\p{N}])[li|]([0-9])(?![\p{L}\p{N}])/gu, "1$1"));
  for (const view of [...views]) {
    for (const keep of ["none", "first", "last"] as const) views.add(unspaced(view, keep));
  }
  // Runs of blanks as one (after letters spaced apart were joined: two blanks part their words).
  for (const view of [...views]) views.add(view.replace(/[^\S\n]+/g, " "));
  // Punctuation slipped inside a word: "fo(u)rteen", "l.o.l-i", "ch*ld".
  for (const view of [...views]) views.add(view.replace(/(?<=\p{L})[()[\]{}*_."^~-]+(?=\p{L})/gu, ""));
  for (const view of [...views]) {
    views.add(stretchedTo(view, 2));
    views.add(stretchedTo(view, 1));
  }
  return [...views];
}
