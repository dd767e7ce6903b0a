/**
 * The spec's word list (section 5) for what it is used for: sanitising prompts and searches (the words
 * removed) and censoring old listed text (letters after the first starred). Refusing a text is the
 * screen's job (screen.ts), which reads context the list cannot.
 */
export const BANNED_WORDS = ["rape", "rapes", "raped", "underaged", "pedo", "pedophile", "child", "loli", "lolita", "teen", "shota", "chibi"] as const;

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

/** Each banned word as a whole-word pattern, built once. */
const BANNED_PATTERNS = BANNED_WORDS.map((w) => new RegExp(`\\b${w}\\b`, "gi"));

/**
 * Sanitising (spec section 5): some punctuation becomes spaces and banned words are removed, then
 * runs of spaces collapse. Used on search queries and on prompts sent to generators.
 */
export function sanitize(text: string) {
  const spaced = text.replace(SANITISED_PUNCTUATION, " ");
  const stripped = BANNED_PATTERNS.reduce((out, pattern) => out.replace(pattern, " "), spaced);
  return stripped.replace(/\s+/g, " ").trim();
}
