/**
 * Ages as other languages write them (issue 59): number words with the word for years ("catorce
 * años", "quinze ans", "dreizehnjährig", "четырнадцать лет", "十四歳", "열다섯 살"), since a number word
 * alone ("once", "elf", "dix") is often an English word too. Read in the folded view and in the text
 * as written (Cyrillic is not folded there). Pure: the browser shares it.
 */
import type { Age } from "./ages";
import { matches } from "./text-spans";

const NUMBERS: Record<string, number> = {};
const add = (values: number[], ...lists: string[][]) => lists.forEach((list) => list.forEach((word, i) => (NUMBERS[word] = values[i])));
const TEN_TO_17 = [10, 11, 12, 13, 14, 15, 16, 17];
add(
  TEN_TO_17,
  ["diez", "once", "doce", "trece", "catorce", "quince", "dieciseis", "diecisiete"],
  ["dez", "onze", "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete"],
  ["dez", "onze", "doze", "treze", "quatorze", "quinze", "dezasseis", "dezassete"],
  ["dieci", "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette"],
  ["dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept"],
  ["zehn", "elf", "zwolf", "dreizehn", "vierzehn", "funfzehn", "sechzehn", "siebzehn"],
  ["tien", "elf", "twaalf", "dertien", "veertien", "vijftien", "zestien", "zeventien"],
  ["dziesiec", "jedenascie", "dwanascie", "trzynascie", "czternascie", "pietnascie", "szesnascie", "siedemnascie"],
  ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать"],
  ["sepuluh", "sebelas", "dua belas", "tiga belas", "empat belas", "lima belas", "enam belas", "tujuh belas"],
  ["sampu", "labing-isa", "labindalawa", "labintatlo", "labing-apat", "labinlima", "labing-anim", "labimpito"],
  ["das", "gyarah", "barah", "terah", "chaudah", "pandrah", "solah", "satrah"],
);
// Polish and Russian adjectives ("czternastoletnia", "четырнадцатилетняя") and German and Dutch compounds ("vierzehnjährige").
const POLISH_STEMS: Record<string, number> = {
  dziesiecio: 10,
  jedenasto: 11,
  dwunasto: 12,
  trzynasto: 13,
  czternasto: 14,
  pietnasto: 15,
  szesnasto: 16,
  siedemnasto: 17,
};
const RUSSIAN_STEMS: Record<string, number> = {
  десяти: 10,
  одиннадцати: 11,
  двенадцати: 12,
  тринадцати: 13,
  четырнадцати: 14,
  пятнадцати: 15,
  шестнадцати: 16,
  семнадцати: 17,
};
const CJK_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const KOREAN: Record<string, number> = {
  열: 10,
  열하나: 11,
  열한: 11,
  열둘: 12,
  열두: 12,
  열셋: 13,
  열세: 13,
  열넷: 14,
  열네: 14,
  열다섯: 15,
  열여섯: 16,
  열일곱: 17,
};

const words = Object.keys(NUMBERS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/-/g, "[-\\s]?"))
  .join("|");
const YEARS = "aninhos|anitos|añitos|taong gulang|taong|anos|años|anni|ans|jahren?|jahre|jaar|jaren|lat|lata|лет|года|год|tahun|taon|saal|years?";
const WORD_AGE = new RegExp(`(?<![\\p{L}\\p{N}])(${words}|\\d{1,2})\\s*(?:-\\s*)?(?:${YEARS})(?![\\p{L}])`, "gu");
const COMPOUND =
  /(?<![\p{L}])(zehn|elf|zwolf|zwölf|dreizehn|vierzehn|funfzehn|fünfzehn|sechzehn|siebzehn|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien|\d{1,2})[\s-]?(?:jahrig|jährig|jarig)\w*/gu;
const POLISH = /(?<![\p{L}])(dziesiecio|jedenasto|dwunasto|trzynasto|czternasto|pietnasto|szesnasto|siedemnasto)letni\w*/gu;
const RUSSIAN = /(?<![\p{L}])(десяти|одиннадцати|двенадцати|тринадцати|четырнадцати|пятнадцати|шестнадцати|семнадцати)лет\w*/gu;
const CJK = /(?:(\d{1,2})|((?<![一二三四五六七八九])十[一二三四五六七]?))\s*(?:歳|岁|歲|살)/gu;
const KOREAN_AGE = /(열(?:하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱)?)\s*살/gu;
/** Japanese ages in romaji, ten to seventeen: "juuyon-sai", "jūgo sai", "jusan-sai". */
const ROMAJI_AGE = /(?<!\p{L})j[uū]+[\s-]?(ichi|ni|san|yon|shi|go|roku|nana|shichi)?[\s-]?sai(?!\p{L})/gu;
const ROMAJI_UNITS: Record<string, number> = { ichi: 1, ni: 2, san: 3, yon: 4, shi: 4, go: 5, roku: 6, nana: 7, shichi: 7 };
/** An age said bare, as "she's 15" is in English: "sie ist 15 und", "tiene 14.", "elle a 13,", "ela tem 12 e". */
const STATED_BARE =
  /(?<!\p{L})(?:sie ist|er ist|ich bin|du bist|tiene|tengo|tienes|elle a|il a|j'ai|tu as|ela tem|ele tem|tenho|lei ha|lui ha)\s+(?:erst |nur |gerade |solo |apenas |seulement |juste |appena )?(\d{1,2})(?=\s*(?:$|[.,;:!?)]|und |y |et |e |ed ))/gu;
// German's verb last: "obwohl sie erst dreizehn ist", "weil er nur 14 ist".
const STATED_VERB_LAST = new RegExp(`(?<![\\p{L}])(?:sie|er|ich|du) (?:erst|nur|gerade|schon|doch) (${words}|\\d{1,2}) (?:ist|bin|bist|war)(?![\\p{L}])`, "gu");
// "Mach sie sechzehn", "maak haar veertien", "hazla de catorce": a person made an age.
const MAKE = new RegExp(
  `(?<![\\p{L}])(?:mach(?:e)? (?:sie|ihn)|maak (?:haar|hem)|hazla|hazlo|haz que tenga|fais-la|rends-la|falla|faça (?:ela|ele)|zrob (?:ja|go))\\s+(?:de\\s+)?(${words}|\\d{1,2})(?![\\p{L}\\p{N}])`,
  "gu",
);

/** Number words of other languages that are no English word (not "once", "elf", "dix", "das", "dez", "tien"), said after an English copula. */
const FOREIGN = Object.keys(NUMBERS)
  .filter((w) => !["once", "elf", "dix", "das", "dez", "tien", "seize"].includes(w))
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/-/g, "[-\\s]?"))
  .join("|");
const MIXED = new RegExp(
  `(?<![\\p{L}])(?:i'?m|im|she'?s|shes|he'?s|hes|is|are|was|only|just|barely|turned|turns)\\s+(?:only\\s+|just\\s+|barely\\s+|like\\s+|maybe\\s+)?(${FOREIGN})(?![\\p{L}])(?=\\s*(?:$|[.,;:!?)]|(?:and|but|so|lol|n|y|und|et|e)(?![\\p{L}])|&))`,
  "gu",
);

const kanji = (text: string) => (text.length === 1 ? 10 : 10 + CJK_DIGITS[text[1]]);

/** The ages other languages write in a text (lower case), each with where it is. */
export function findWorldAges(text: string): Age[] {
  const found: Age[] = [];
  const push = (m: RegExpMatchArray, years: number, form: Age["form"] = "years") =>
    found.push({ years, index: m.index!, end: m.index! + m[0].length, text: m[0], form });
  const value = (word: string) =>
    /^\d+$/.test(word) ? Number(word) : (NUMBERS[word] ?? NUMBERS[word.replace(/[\s-]+/g, "-")] ?? NUMBERS[word.replace(/[\s-]+/g, " ")] ?? NaN);
  for (const m of matches(WORD_AGE, text)) {
    // English "years" after digits is the English finder's; here only a number word, or digits with another language's word.
    if (/years?$/.test(m[0]) && /^\d/.test(m[1])) continue;
    const years = value(m[1]);
    if (Number.isFinite(years)) push(m, years);
  }
  for (const m of matches(COMPOUND, text)) push(m, /^\d/.test(m[1]) ? Number(m[1]) : (NUMBERS[m[1].replace("ü", "u").replace("ö", "o")] ?? NaN));
  for (const m of matches(POLISH, text)) push(m, POLISH_STEMS[m[1]]);
  for (const m of matches(RUSSIAN, text)) push(m, RUSSIAN_STEMS[m[1]]);
  for (const m of matches(
    /(?<![\p{L}\p{N}])(\d{1,2})[\s-]?(?:летн|letn)\p{L}*(?=\s+(?:девоч|девуш|школьн|мальч|парен|дочь|доч|сын|падчериц|dziewczyn|dziewczynk|chlop|corka|corki|syn|uczenni|uczen))/gu,
    text,
  ))
    push(m, Number(m[1]));
  for (const m of matches(CJK, text)) push(m, m[1] ? Number(m[1]) : kanji(m[2]));
  for (const m of matches(KOREAN_AGE, text)) push(m, KOREAN[m[1]]);
  for (const m of matches(STATED_BARE, text)) push(m, Number(m[1]));
  for (const m of matches(STATED_VERB_LAST, text)) push(m, value(m[1]));
  for (const m of matches(ROMAJI_AGE, text)) push(m, 10 + (ROMAJI_UNITS[m[1] ?? ""] ?? 0));
  for (const m of matches(MAKE, text)) push(m, value(m[1]), "loose");
  // Round 3: another language's number after an English copula ("she's quince", "my bf is пятнадцать", "he is catorce").
  // Loose: it counts only beside sex or love ("her favourite jam is quince and her bread is rye" is no age).
  for (const m of matches(MIXED, text)) push(m, value(m[1]), "loose");
  return found.filter((a) => Number.isFinite(a.years));
}
