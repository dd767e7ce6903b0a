/**
 * Titles, fashions and places named after children, blanked out of a text before it is read (every index kept) (issue 59). Pure: the browser shares it.
 */
import { FOR_CHILDREN, TITLES, TITLE_CUE } from "./lexicon/not-minors";
import { ALWAYS } from "./lexicon/references";
import { blank } from "./text-spans";

/** TITLES as a global pattern, built once. */
const TITLES_ALL = new RegExp(TITLES.source, "gu");

/** Replaces titles, fashions and places named after children (not a child) with spaces, keeping every other index. */
export function withoutTitles(text: string) {
  let out = text.replace(TITLES_ALL, blank).replace(FOR_CHILDREN, blank);
  out = out.replace(/(["“'‘])([^"”'’\n]{2,60})(["”'’])/g, (m, open: string, inner: string, close: string, offset: number) =>
    TITLE_CUE.test(out.slice(Math.max(0, offset - 40), offset + 1)) ? `${open}${blank(inner)}${close}` : m,
  );
  // A nickname between a first name and a surname ("tom 'kiddo' reilly") names the adult it belongs to.
  out = out.replace(
    /\b((?!(?:a|an|the|her|his|my|their|your|our|new|secret|so-called|calls?|called|named|nicknamed|for|of|to|and|is|was|be|as|with|by)\b)[a-z]+ )(['"‘“][a-z]+['"’”])( (?!(?:from|who|with|at|in|of|and|is|was|for|to|every|that|on|but|or|when|while|now|again)\b)[a-z]+)/g,
    (m, first: string, nick: string, last: string) => (ALWAYS.test(nick) ? m : first + blank(nick) + last),
  );
  // "how do I report child sexual exploitation material": the crime named to report or fight it.
  out = out.replace(
    /\b(?:report(?:ing)?|detect(?:ing)?|prevent(?:ing)?|fight(?:ing)?|combat(?:ing)?|stop(?:ping)?|about|define|what is|what does|laws? against)\b([^.?!]{0,30}?)(child sexual (?:abuse|exploitation)(?: material)?|child abuse|child exploitation)/g,
    (m, between: string, crime: string) => m.slice(0, m.length - crime.length) + blank(crime),
  );
  // A book named among books ("a banned books club: Lolita, Speak...") is the novel.
  if (/\b(?:books?|novels?|nabokov|literature|reading list|book club|syllabus|authors?)\b/.test(out)) out = out.replace(/\blolita\b/g, blank);
  out = out.replace(
    /(?:gothic |sweet |classic )?lolita (?:fashion|dress(?:es)?|style|outfits?|clothing|coords?|aesthetic|subculture)|nabokov'?s lolita|the novel lolita/g,
    blank,
  );
  return out.replace(
    /chibi(?:-style)? (?:style|art(?: style)?|drawings?|stickers?|versions?|form|figures?|sprites?|avatars?|emotes?|icons?|keychains?|plush(?:ies)?|commissions?|mascots?)/g,
    blank,
  );
}

// A quoted title's pattern (withoutQuotedTitles), built once: its small words and its capitalised ones.
const TITLE_SMALL_WORD = "(?:of|the|a|an|and|in|on|at|to|for|with|vs\\.?|&|or|de|la|no|wa)";
const TITLE_WORD = "[A-Z0-9][\\p{L}\\p{N}'’!?:.,-]*";
const QUOTED_TITLE = new RegExp(
  `(?<![\\p{L}\\p{N}])(["“'‘])((?!(?:I|I'm|I'd|I'll|I've|Im)\\b)[A-Z][\\p{L}\\p{N}'’!?:.,-]*(?:\\s+(?:${TITLE_WORD}|${TITLE_SMALL_WORD})){0,8})(["”'’])(?![\\p{L}\\p{N}])`,
  "gu",
);

/** A Japanese surname as romanised: syllables of a consonant (or none) and a vowel, and "n" ("Kimura", "Inoue", "Hattori"). */
const SYLLABLE = String.raw`(?:(?:kk|tt|ss|pp)?(?:sh|ch|ts|[kgnhmrbp]y|[kgsztdnhbpmyrwjf])?[aeiou](?:n(?![aeiouy]))?)`;
const JAPANESE_SURNAME = String.raw`(?:(?:Sh|Ch|Ts|[KGNHMRBP]y|[KGSZTDNHBPMYRWJF])[aeiou]|[AEIOU])(?:n(?![aeiouy]))?${SYLLABLE}*`;

/** "Shota" is a Japanese given name too (翔太): with a Japanese surname after it, or named with a grown-up's age. */
const SHOTA_NAMED = new RegExp(
  [
    String.raw`\bShota(?= (?!(?:Hentai|Manga|Kun|Chan|Sama|Doujin(?:shi)?|Anime|Sensei|Bara|Yaoi|Ero)\b)${JAPANESE_SURNAME}\b)`,
    String.raw`(?<=\b(?:[Nn]ame[sd]?|[Cc]alled|is|I'm|I am)\s*:?\s+)Shota\b(?=[^.\n]{0,60}?\b(?:1[89]|[2-9]\d)(?:[- ]years?[- ]old|,|\)))`,
  ].join("|"),
  "g",
);

/** A person named Shota (see SHOTA_NAMED), blanked before the text is folded, as a quoted title is. */
export const withoutNames = (text: string) => text.replace(SHOTA_NAMED, (m) => " ".repeat(m.length));

/**
 * A title in quotes, as people name the shows, songs and books they talk about: every word capitalised
 * ("'Kids on the Slope'", "\"Teen Wolf\""). Read before folding (case tells it from speech: "'I'm
 * only fifteen,' she said" is not a title); its letters become blanks, so every index stays.
 */
export function withoutQuotedTitles(text: string) {
  return text.replace(QUOTED_TITLE, (m, open: string, inner: string, close: string) =>
    /[A-Za-z]/.test(inner) && !ALWAYS.test(inner.toLowerCase()) ? open + " ".repeat(inner.length) + close : m,
  );
}
