import type * as z from "zod";
import { SAFETY_MESSAGE } from "~/spec/messages";

/**
 * Content safety (spec section 5): banned words, and patterns that refer to minors. Matching is on
 * whole words (with common plural and -ed/-ing endings), case-insensitive, so "sonnet", "kidding" or
 * "school of fish" pass while "son" or "kids" do not. Text is read as a person would read it, not as
 * it is spelled (decision 026): zero-width and soft-hyphen characters between letters are dropped,
 * look-alike letters folded (NFKC), leetspeak read as letters ("l0li", "ch1ld"), and ages read in
 * words or digits alike ("fifteen years old", "1five yo", "aged 1 5").
 */
export const BANNED_WORDS = ["rape", "rapes", "raped", "underaged", "pedo", "pedophile", "child", "loli", "lolita", "teen", "shota", "chibi"] as const;

const MINOR_PATTERNS: RegExp[] = [
  /\bchild(ren|ish|hood|like)?\b/i,
  /\blittle\s+(girl|boy)s?\b/i,
  /\bbab(y|ies)\b/i,
  /\btoddlers?\b/i,
  /\binfants?\b/i,
  /\b(pre-?)?teen(s|age|ager|agers|aged)?\b/i,
  /\b(school\s?(girl|boy|kid)s?|elementary\s+school|middle\s+school|junior\s+high|grade\s+school(er)?s?)\b/i,
  /\bkids?\b/i,
  /\b(young(er)?\s+(girl|boy|child)s?)\b/i,
  // "minor" as a person, not a minor key, detail or injury.
  /\bminors?\b(?!\s+(key|keys|chord|chords|scale|scales|detail|details|issue|issues|injury|injuries|inconvenience|change|changes|problem|problems|role|roles|character|characters|league|leagues|planet|planets|arcana|spell|spells|surgery|flaw|flaws|point|points|note|notes))/i,
  /\bjuveniles?\b/i,
  /\bdaughters?\b/i,
  // "son" as a child, not an oath ("son of a gun").
  /\bsons?\b(?!\s+of\s+a\b)/i,
];

/** An age under 18, once number words are digits: "15 years old", "15-year-old", "15 yo", "aged 15". */
const UNDERAGE = /\b(1[0-7]|[1-9])\s*-?\s*(years?|yrs?|yr)\s*-?\s*olds?\b|\b(1[0-7]|[1-9])\s*(yo|y\/o|y\.o\.?)(?![\p{L}\p{N}])|\bage[ds]?\s*(1[0-7]|[1-9])\b/iu;

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
] as const;
// Longest first, so "seventeen" is not read as "seven" and "teen". A number word stands alone, or right after a digit ("1five").
const LONGEST_FIRST = [...NUMBER_WORDS].sort((a, b) => b.length - a.length).join("|");
const NUMBER_WORD = new RegExp(`(?<![a-z])(${LONGEST_FIRST})(?![a-z])|(?<=\\d)(${LONGEST_FIRST})`, "gi");

/** Characters that hide between letters: zero-width spaces and joiners, word joiners, soft hyphens, BOM. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;

/** The text as a person reads it: invisible characters gone, look-alike letters folded. */
const readable = (text: string) => text.normalize("NFKC").replace(INVISIBLE, "");

/** Leetspeak read as letters, inside words only ("h4ck3r", "l0li"); "1" reads as "i" or "l", so both readings are tried. */
const LEET: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };
function unleet(text: string, one: "i" | "l") {
  return text.replace(/[\p{L}\p{N}@$!]+/gu, (word) =>
    /\p{L}/u.test(word) && /[013457@$!]/.test(word) ? word.replace(/[013457@$!]/g, (c) => (c === "1" ? one : LEET[c])) : word,
  );
}

/** Ages written in words or spaced digits, as digits: "fifteen" → "15", "1five" → "15", "1 5 years" → "15 years". */
function ageDigits(text: string) {
  const words = text.replace(NUMBER_WORD, (m) => String(NUMBER_WORDS.indexOf(m.toLowerCase() as (typeof NUMBER_WORDS)[number])));
  return words.replace(/\b(1)[\s-]+([0-7])(?=\s*-?\s*(years?|yrs?|yr|yo|y\/o)\b)/gi, "$1$2");
}

function firstMatch(text: string, patterns: RegExp[]) {
  for (const pattern of patterns) {
    const match = text.match(pattern);
    if (match) return match[0];
  }
  return null;
}

const BANNED = BANNED_WORDS.map((w) => new RegExp(`\\b${w}\\b`, "i"));

/** The first reference to minors in the text (the patterns, or an age under 18), or null. */
export function findMinorReference(text: string): string | null {
  const seen = readable(text);
  for (const view of [seen, unleet(seen, "i"), unleet(seen, "l")]) {
    const hit = firstMatch(view, MINOR_PATTERNS);
    if (hit) return hit;
  }
  return ageDigits(seen).match(UNDERAGE)?.[0] ?? null;
}

/** The first banned word or minors reference in the text, or null. */
export function findUnsafe(text: string): string | null {
  const seen = readable(text);
  for (const view of [seen, unleet(seen, "i"), unleet(seen, "l")]) {
    const hit = firstMatch(view, BANNED);
    if (hit) return hit;
  }
  return findMinorReference(text);
}

/**
 * Text people write that the safety rules apply to, as a zod refinement with the one safety message,
 * so forms in the browser and actions on the server refuse it the same way.
 */
export function safeText<T extends z.ZodType<string>>(schema: T) {
  return schema.superRefine((text, ctx) => {
    const hit = findUnsafe(text);
    if (hit) ctx.addIssue({ code: "custom", message: SAFETY_MESSAGE(hit) });
  });
}

/** The same, for an optional text that may be null. */
export function safeOptionalText<T extends z.ZodType<string | null | undefined>>(schema: T) {
  return schema.superRefine((text, ctx) => {
    const hit = text ? findUnsafe(text) : null;
    if (hit) ctx.addIssue({ code: "custom", message: SAFETY_MESSAGE(hit) });
  });
}

/** Censoring: the letters of a listed word after the first become asterisks ("pedo" -> "p***"). */
export function censor(text: string, words: readonly string[] = BANNED_WORDS) {
  return text.replace(wordsPattern(words), (m) => m[0] + "*".repeat(m.length - 1));
}

/** One expression for a list of whole words, built once per list (a catalog page censors every card's name and description). */
const patterns = new WeakMap<readonly string[], RegExp>();
function wordsPattern(words: readonly string[]) {
  let pattern = patterns.get(words);
  if (!pattern) {
    pattern = new RegExp(`\\b(?:${words.join("|")})\\b`, "gi");
    patterns.set(words, pattern);
  }
  return pattern;
}

/** Punctuation that sanitising turns into spaces (markup and prompt syntax, not ordinary sentence marks). */
const SANITISED_PUNCTUATION = /[<>{}[\]\\|^~`"#*_=+@$%;:]/g;

/**
 * Sanitising (spec section 5): some punctuation becomes spaces and banned words are removed, then
 * runs of spaces collapse. Used on search queries and on prompts sent to generators.
 */
export function sanitize(text: string) {
  const spaced = text.replace(SANITISED_PUNCTUATION, " ");
  const stripped = BANNED_WORDS.reduce((out, w) => out.replace(new RegExp(`\\b${w}\\b`, "gi"), " "), spaced);
  return stripped.replace(/\s+/g, " ").trim();
}
