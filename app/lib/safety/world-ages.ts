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
const DUTCH = ["tien", "elf", "twaalf", "dertien", "veertien", "vijftien", "zestien", "zeventien"];
add(
  TEN_TO_17,
  ["diez", "once", "doce", "trece", "catorce", "quince", "dieciseis", "diecisiete"],
  ["dez", "onze", "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete"],
  ["dez", "onze", "doze", "treze", "quatorze", "quinze", "dezasseis", "dezassete"],
  ["dieci", "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette"],
  ["dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept"],
  ["zehn", "elf", "zwolf", "dreizehn", "vierzehn", "funfzehn", "sechzehn", "siebzehn"],
  DUTCH,
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

// Round 6: Swedish, Norwegian and Danish ("fjorton år", "en 14-åring", "femten år gammel"), Turkish ("on dört
// yaşında"), Vietnamese ("mười bốn tuổi") and Arabic ("عمرها ١٤ سنة", "في الرابعة عشرة من عمرها"). Each
// language's number words go only with its own word for years: "on" and "ti" are English words too.
const NORDIC_WORDS: Record<string, number> = {};
for (const list of [
  ["tio", "elva", "tolv", "tretton", "fjorton", "femton", "sexton", "sjutton"],
  ["ti", "elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten"],
])
  list.forEach((word, i) => (NORDIC_WORDS[word] = TEN_TO_17[i]));
const NORDIC_NUMBER = `${Object.keys(NORDIC_WORDS).join("|")}|\\d{1,2}`;
/** A Nordic or Dutch number as the patterns below capture it: digits or a word. */
const nordicValue = (word: string) => (/^\d/.test(word) ? Number(word) : (NORDIC_WORDS[word] ?? NUMBERS[word]));
/** Folded: "år" is "ar". A duration ("i femton år", "for femten år siden") is no age. */
const NORDIC = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<!(?:i|for|pa|sedan|efter|om|under|over) )(${NORDIC_NUMBER})\\s*(?:-\\s*)?(?:ar|år|ars|års|arig\\p{L}*|årig\\p{L}*|aring\\p{L}*|åring\\p{L}*)(?![\\p{L}])(?!\\s+(?:sedan|siden|senare|senere|tillsammans|sammen|gift)(?![\\p{L}]))`,
  "gu",
);
/** "en tjej på 13 år", "en gutt på femten år": "på" is a duration ("inte på 13 år") but after a person. */
const NORDIC_PERSON = new RegExp(
  `(?<![\\p{L}])(?:tjej|flicka|kille|pojke|barn|jente|gutt|pige|dreng|unge|elev|dotter|datter|son|sonn)\\s+pa\\s+(${NORDIC_NUMBER})\\s*(?:ar|år)(?![\\p{L}])`,
  "gu",
);
/** "hon är bara fjorton", "hun er femten", "ze is pas vijftien": an age said bare, Nordic and Dutch. */
const NORDIC_BARE = new RegExp(
  `(?<![\\p{L}])(?:hon ar|han ar|jag ar|du ar|hun er|han er|jeg er|du er|ze is|zij is|hij is|ik ben|je bent)\\s+(?:bara |endast |bare |kun |pas |maar |net |nog maar |nog )?(${NORDIC_NUMBER}|${DUTCH.join("|")})(?=\\s*(?:$|[.,;:!?)]|och |og |en |men |maar ))`,
  "gu",
);
/** A birthday: "hon fyllde tretton", "han fyller 15", "ze werd veertien". */
const NORDIC_TURNED = new RegExp(
  `(?<![\\p{L}])(?:fyllde|fyller|fylte|fylder|fyldte|werd|wordt)\\s+(?:nyss |precis |akkurat |net |pas )?(${NORDIC_NUMBER}|${DUTCH.join("|")})(?![\\p{L}\\p{N}])(?!\\s+(?:uur|u|graden|euro|kronor|kroner|minuter|minuten|procent|keer|gånger|ganger)(?![\\p{L}]))`,
  "gu",
);
/** Ten and a unit ("on dört", "mười bốn"), or digits: capture 1 is the unit's word, capture 2 the digits. */
const tenAnd = (m: RegExpMatchArray, units: Record<string, number>) => (m[2] ? Number(m[2]) : 10 + (units[m[1] ?? ""] ?? 0));
const TURKISH_UNITS: Record<string, number> = { bir: 1, iki: 2, uc: 3, dort: 4, bes: 5, alti: 6, yedi: 7 };
const TURKISH = /(?<![\p{L}\p{N}])(?:on(?: (bir|iki|uc|dort|bes|alti|yedi))?|(\d{1,2}))\s*(?:'\s*)?yas(?:inda(?:ki)?|indaydi|inday|li|\b)/gu;
const VIETNAMESE_UNITS: Record<string, number> = { mot: 1, hai: 2, ba: 3, bon: 4, tu: 4, lam: 5, sau: 6, bay: 7 };
/** Folded: "mười bốn tuổi" is "muoi bon tuoi"; "hai mươi tuổi" (twenty) folds to "muoi" too, hence the look behind. */
const VIETNAMESE =
  /(?<![\p{L}\p{N}])(?<!(?:mot|hai|ba|bon|tu|nam|lam|sau|bay|tam|chin) )(?:muoi(?: (mot|hai|ba|bon|tu|lam|sau|bay))?|(\d{1,2}))\s*tuoi(?![\p{L}])/gu;
const ARABIC_DIGITS = "[0-9\u0660-\u0669\u06f0-\u06f9]";
const arabicNumber = (digits: string) =>
  Number(digits.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0)));
const ARABIC_TENS: Record<string, number> = {
  حادي: 11,
  حادية: 11,
  احد: 11,
  احدى: 11,
  اثنا: 12,
  اثني: 12,
  اثنتا: 12,
  اثنتي: 12,
  ثاني: 12,
  ثانية: 12,
  ثلاث: 13,
  ثلاثة: 13,
  ثالث: 13,
  ثالثة: 13,
  اربع: 14,
  اربعة: 14,
  رابع: 14,
  رابعة: 14,
  خمس: 15,
  خمسة: 15,
  خامس: 15,
  خامسة: 15,
  ست: 16,
  ستة: 16,
  سادس: 16,
  سادسة: 16,
  سبع: 17,
  سبعة: 17,
  سابع: 17,
  سابعة: 17,
};
/** "عمرها ١٤ سنة", "فتاة عمرها 13 عاما", "طفلة في الثالثة عشرة", "أربعة عشر عاما": hamza forms read as a bare alif. */
const ARABIC_YEARS = new RegExp(`(?<!\\p{L})(${ARABIC_DIGITS}{1,2})\\s*(?:سنة|سنه|سنوات|سنين|عاما|عامًا|عام|اعوام)(?!\\p{L})`, "gu");
const ARABIC_AGE_OF = new RegExp(`(?<!\\p{L})(?:عمرها|عمره|عمري|عمرك|بعمر|سنها|سنه)\\s*(${ARABIC_DIGITS}{1,2})(?!${ARABIC_DIGITS})`, "gu");
const ARABIC_WORDS = new RegExp(
  `(?<!\\p{L})(?:ال|في ال)?(${Object.keys(ARABIC_TENS).join("|")})\\s+عشر[ةه]?(?:\\s+(?:سنة|سنه|عاما|عامًا|من عمرها|من عمره|من العمر))?(?!\\p{L})`,
  "gu",
);
const bareAlif = (text: string) => text.replace(/[أإآ]/g, "ا");

const DURATION_BEFORE =
  /(?:^|[^\p{L}])(?:al|sinds|seit|vor|nach|hace|durante|desde|depuis|pendant|il y a|przez|voor|in|for|since|after)\s+(?:bijna |ruim |meer dan |fast |uber |casi |mas de |presque |plus de |quase |mais de |prawie |ponad )?$/u;
const DURATION_AFTER =
  /^\s+(?:samen|geleden|getrouwd|verheiratet|zusammen|her|fa|atras|ago|casad[oa]s|junt[oa]s|ensemble|maries|insieme|sposati|razem|temu|lang|spater|later|despues|apres|depois|dopo|pozniej)(?![\p{L}])/u;
/**
 * A number with a word for years that is a duration, no age: "al dertien jaar samen", "seit 15 Jahren",
 * "hace quince años", "il y a quinze ans"; Dutch "na vijftien jaar" and Portuguese "há quinze anos" (Polish
 * "na 15 lat" and Italian "ha 15 anni" are ages).
 */
function isDuration(text: string, m: RegExpMatchArray) {
  const before = text.slice(Math.max(0, m.index! - 24), m.index);
  if (DURATION_BEFORE.test(before) || DURATION_AFTER.test(text.slice(m.index! + m[0].length))) return true;
  return (/(?:^|[^\p{L}])na\s+$/u.test(before) && /jaar|jaren$/.test(m[0])) || (/(?:^|[^\p{L}])ha\s+$/u.test(before) && /anos$/.test(m[0]));
}

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
    if (isDuration(text, m)) continue;
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
  for (const m of [...matches(NORDIC, text), ...matches(NORDIC_PERSON, text)]) push(m, nordicValue(m[1]));
  for (const m of [...matches(NORDIC_BARE, text), ...matches(NORDIC_TURNED, text)]) push(m, nordicValue(m[1]), "stated");
  for (const m of matches(TURKISH, text)) push(m, tenAnd(m, TURKISH_UNITS));
  for (const m of matches(VIETNAMESE, text)) push(m, tenAnd(m, VIETNAMESE_UNITS));
  if (/[\u0600-\u06ff]/.test(text)) {
    const arabic = bareAlif(text);
    for (const m of matches(ARABIC_YEARS, arabic)) push(m, arabicNumber(m[1]));
    for (const m of matches(ARABIC_AGE_OF, arabic)) push(m, arabicNumber(m[1]), "stated");
    // A number word without a word for years or age ("الثالثة عشرة" of a chapter) counts only beside sex or love.
    for (const m of matches(ARABIC_WORDS, arabic)) push(m, ARABIC_TENS[m[1]], /(?:سن|عام|عمر)/.test(m[0]) ? "years" : "loose");
  }
  // Round 3: another language's number after an English copula ("she's quince", "my bf is пятнадцать", "he is catorce").
  // Loose: it counts only beside sex or love ("her favourite jam is quince and her bread is rye" is no age).
  for (const m of matches(MIXED, text)) push(m, value(m[1]), "loose");
  return found.filter((a) => Number.isFinite(a.years));
}
