import { type z } from "zod";
import { SAFETY_MESSAGE } from "~/spec/messages";

/**
 * Content safety (spec section 5): banned words, and patterns that refer to minors. Matching is on
 * whole words (with common plural and -ed/-ing endings), case-insensitive, so "sonnet" or "kidney"
 * pass while "son" or "kids" do not.
 */
export const BANNED_WORDS = ["rape", "rapes", "raped", "underaged", "pedo", "pedophile", "child", "loli", "lolita", "teen", "shota", "chibi"] as const;

const MINOR_PATTERNS: RegExp[] = [
  /\bchild(ren|ish|hood|like)?\b/i,
  /\blittle\s+(girl|boy)s?\b/i,
  /\bbab(y|ies)\b/i,
  /\btoddlers?\b/i,
  /\binfants?\b/i,
  /\b(pre-?)?teen(s|age|ager|agers)?\b/i,
  /\b(school\s?(girl|boy|kid)s?|elementary\s+school|middle\s+school|junior\s+high)\b/i,
  /\bkids?\b/i,
  /\b(young(er)?\s+(girl|boy|child)s?)\b/i,
  /\bminors?\b/i,
  /\bjuveniles?\b/i,
  /\b(daughter|son)s?\b/i,
  /\b([1-9]|1[0-7])\s*-?\s*(years?|yrs?|y\/o|yo)\b(\s*-?\s*old)?/i,
];

/** The first banned word or minors reference in the text, or null. */
export function findUnsafe(text: string): string | null {
  for (const word of BANNED_WORDS) {
    const match = text.match(new RegExp(`\\b${word}\\b`, "i"));
    if (match) return match[0];
  }
  for (const pattern of MINOR_PATTERNS) {
    const match = text.match(pattern);
    if (match) return match[0];
  }
  return null;
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

/** Censoring: the letters of a listed word after the first become asterisks ("pedo" -> "p***"). */
export function censor(text: string, words: readonly string[] = BANNED_WORDS) {
  return words.reduce((out, w) => out.replace(new RegExp(`\\b${w}\\b`, "gi"), (m) => m[0] + "*".repeat(m.length - 1)), text);
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
