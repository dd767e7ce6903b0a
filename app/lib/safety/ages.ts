/**
 * Ages in a folded text (readable.ts), however they are written: digits ("15", "15yo", "[15F]"),
 * words ("fifteen", "fif-teen", "sixteen-year-old"), digits and words mixed ("1five", "1 5 years"),
 * months ("8 months old"), a birth year against today's date ("born in 2012"), and a high school class
 * year ("class of 2031"). Each is found with where it is and what it is said of, so the screen can
 * tell a person of 15 from a dog of 15, or 15 minutes. Pure: the browser shares it.
 */
import { matches } from "./text-spans";

const UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

const ORDINAL_WORDS = [
  "zeroth",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
];

/** The teen words as people mistype them ("fourtteen", "twelv", "fiveteen", "sixtene"), to the words. */
const TEEN_TYPOS: [RegExp, string][] = [
  [/\belev[ae]n\b/g, "eleven"],
  [/\btwel(?:v|f|ve?e)\b/g, "twelve"],
  [/\b(?:thirt+e+n|thirt+ee?ne|thriteen|threeteen)\b/g, "thirteen"],
  [/\b(?:fou?rt+e+n|fou?rt+ee?ne|fourtten)\b/g, "fourteen"],
  [/\b(?:fift+e+n|fift+ee?ne|fiveteen)\b/g, "fifteen"],
  [/\b(?:sixt+e+n|sixt+ee?ne|sixtin)\b/g, "sixteen"],
  [/\b(?:sev[ae]?nt+e+n|sev[ae]?nt+ee?ne)\b/g, "seventeen"],
  [/\b(thir|four|fif|six|seven)t+(?:ea+|ie|ei)n\b/g, "$1teen"],
  [/\bfort+(?:e+|ea+)n\b/g, "fourteen"],
];

// The number words' patterns, built once (a pattern built on each call costs more than running it).
const ORDINAL_WORD = new RegExp(`\\b(${ORDINAL_WORDS.slice(1).join("|")})\\b`, "g");
const TENS_WORD = new RegExp(`\\b(${TENS.filter(Boolean).join("|")})(?:[\\s-]+(${UNITS.slice(1).join("|")}))?\\b`, "g");
const TEEN_WORD = new RegExp(`\\b(${TEENS.join("|")})\\b`, "g");
const UNIT_AFTER_DIGIT = new RegExp(`(?<=\\d)(${UNITS.join("|")})\\b`, "g");
const UNIT_WORD = new RegExp(`\\b(${UNITS.join("|")})\\b`, "g");

/** Number words to 99 ("twenty-one", "twenty one") and ordinals to "19th" as digits; "fif teen", "six-teen" are joined first. */
export function wordsToDigits(text: string) {
  const joinedTeens = TEEN_TYPOS.reduce((t, [typo, word]) => t.replace(typo, word), text)
    .replace(/\b(thir|four|fif|six|seven|eigh|nine)[\s-]+teen(th)?\b/g, "$1teen$2")
    .replace(ORDINAL_WORD, (m) => `${ORDINAL_WORDS.indexOf(m)}th`);
  const tens = joinedTeens.replace(TENS_WORD, (_m, ten: string, unit?: string) => String(TENS.indexOf(ten) * 10 + (unit ? UNITS.indexOf(unit) : 0)));
  const teens = tens.replace(TEEN_WORD, (m) => String(10 + TEENS.indexOf(m)));
  // A unit word alone, or right after a digit ("1five" is 15).
  return teens.replace(UNIT_AFTER_DIGIT, (m) => String(UNITS.indexOf(m))).replace(UNIT_WORD, (m) => String(UNITS.indexOf(m)));
}

/**
 * Where each place of the digits text (wordsToDigits) is in the text it came from, so an age found in
 * digits can be read beside the words around it ("her seven-year-old nephew runs off": the words after
 * "7-year-old" are the same words). The two differ only where number words became digits; the
 * walk resynchronises after each.
 */
export function digitsToText(text: string, digits: string): (index: number) => number {
  const map: number[] = new Array(digits.length + 1);
  let i = 0;
  let j = 0;
  while (j < digits.length) {
    if (i < text.length && text[i] === digits[j]) {
      map[j++] = i++;
      continue;
    }
    // A number written in words: its digits (and "th") stand for the words up to where the texts meet again.
    const run = /^\d+(?:th)?/.exec(digits.slice(j))?.[0].length ?? 1;
    const next = digits[j + run];
    let end = i + 1;
    while (end < text.length && /[a-z\s-]/.test(text[end]) && (next === undefined || text[end] !== next || /[a-z]/.test(text[end - 1] ?? "") === false)) end++;
    for (let k = 0; k < run; k++) map[j + k] = Math.min(i + Math.round(((end - i) * k) / run), text.length);
    j += run;
    i = end;
  }
  map[digits.length] = text.length;
  return (index) => map[Math.max(0, Math.min(index, digits.length))] ?? text.length;
}

/** A Roman numeral to 19 ("xiv" is 14), or 0. */
function romanValue(text: string) {
  const digits: Record<string, number> = { i: 1, v: 5, x: 10 };
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const value = digits[text[i]];
    const next = digits[text[i + 1]] ?? 0;
    total += value < next ? -value : value;
  }
  return text.length > 1 || text === "v" || text === "x" ? total : 0;
}

/** A found age: its value in years, where it is in the text, and how it was said. */
export type Age = {
  years: number;
  index: number;
  end: number;
  text: string;
  form: "years" | "stated" | "born" | "class" | "tag" | "ish" | "word" | "loose" | "rite";
};

const AGE_WORDS = [
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
];

/** Where a clause opens: its start, punctuation, or a joining word ("At fifteen, she left"; "and at fifteen"). A regular expression's source. */
export const CLAUSE_HEAD = String.raw`(?:^|[.!?;:\n*_"“(—]\s*|,\s*|\b(?:and|but|even|only|since|back|then|when|because|so|already|still)\s+)`;

/** findWordAges' patterns, built once (a pattern built on each call costs more than running it). */
const AGE_WORD_LIST = AGE_WORDS.join("|");
const AT_WORD_AGE = new RegExp(
  `(?<=${CLAUSE_HEAD})at (${AGE_WORD_LIST})\\b(?! o'clock| thirty| fifteen| forty| (?:am|pm|a\\.m|p\\.m|sharp|tonight|tomorrow|yesterday|this|that|last|every|each|hundred|thousand)\\b| in the (?:morning|afternoon|evening)|-[a-z])`,
  "g",
);
const AT_TEEN_AGE = new RegExp(
  `(?<!${CLAUSE_HEAD})\\bat (thirteen|fourteen|fifteen|sixteen|seventeen|(?<=\\b(?:was|were|been|got) (?:turned|bitten|cursed|frozen) at )(?:${AGE_WORD_LIST}))\\b(?! o'clock| thirty| fifteen| forty| (?:am|pm|a\\.m|p\\.m|sharp|tonight|tomorrow|yesterday|this|that|last|every|each|hundred|thousand)\\b| in the (?:morning|afternoon|evening)|-[a-z])`,
  "g",
);
const OPENING_AGE_WORD = new RegExp(`(?:^|[.!?\\n*_"“]\\s*)(${AGE_WORD_LIST})\\s*(?:,|\\band\\b|\\bn\\b|&)`, "g");

/**
 * Ages only words show (the view before number words become digits): "at thirteen she...", a
 * sentence that opens with "Fourteen, and...". Times are written in digits ("at 5 we eat"), ages in
 * stories mostly in words.
 */
export function findWordAges(text: string): Age[] {
  const found: Age[] = [];
  const value = (word: string) => (AGE_WORDS.indexOf(word) < 8 ? 10 + AGE_WORDS.indexOf(word) : AGE_WORDS.indexOf(word) - 7);
  for (const m of matches(AT_WORD_AGE, text)) found.push({ years: value(m[1]), index: m.index!, end: m.index! + m[0].length, text: m[0], form: "word" });
  // Round 3: a teen number after "at" is an age wherever it stands ("the youngest on the roster at fourteen"); a vampire "turned at eleven".
  for (const m of matches(AT_TEEN_AGE, text))
    if (
      !/^\s+(?:past|to|after|minutes?|degrees?|percent|knots|mph|kph|feet|foot|meters?|metres?|dollars?|bucks|each|apiece|per|miles?|hundred)\b/.test(
        text.slice(m.index! + m[0].length, m.index! + m[0].length + 12),
      )
    )
      found.push({ years: value(m[1]), index: m.index!, end: m.index! + m[0].length, text: m[0], form: "word" });
  for (const m of matches(OPENING_AGE_WORD, text)) found.push({ years: value(m[1]), index: m.index!, end: m.index! + m[0].length, text: m[0], form: "word" });
  return found;
}

const YEARS_OLD = String.raw`(?:years?|yrs?|yr|y)\s*-?\s*(?:old|o|\/o|\.o\.?)`;
const ONLY_NUMBER = String.raw`(?<![\d.,:/])`;

/** Digits a mixer spaced apart before an age word ("1 5 years old", "1-5 yo") read as one number. */
const spacedDigits = (text: string) =>
  text
    .replace(/(?<=\b(?:she'?s|he'?s|i'?m|im|is|aged?:?)\s)([1-9])\s([0-9])\b(?!\s*\d)/g, "$1$2")
    .replace(/\b([1-9])[\s-]+([0-9])(?=\s*-?\s*(?:years?|yrs?|yr|yo|y\/o|y\.o)\b)/g, "$1$2");

// findAges' patterns, built once (a pattern built on each call costs more than running it).
const YEARS_OLD_AGE = new RegExp(`${ONLY_NUMBER}\\b(\\d{1,3})\\s*-?\\s*(?:${YEARS_OLD}|yo)(?:s\\b|(?![a-z]))`, "g");
const MONTHS_OLD_AGE = new RegExp(`${ONLY_NUMBER}\\b(\\d{1,2})\\s*-?\\s*(?:months?|weeks?|days?)\\s*-?\\s*old\\b`, "g");
const LOOSE_END = String.raw`(?=\s*(?:$|[.,;:!?)\]]|instead\b|and\b|or\b|but\b|for\b|so\b|now\b|lol|lmao|pls|plz|please|(?:in|next) (?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|a (?:few )?(?:weeks?|months?)|(?:a )?couple (?:of )?months|week|month)\b|with\b|again\b|here\b|though\b|tho\b|yet\b|in (?:the (?:next|story|rp|scene|chat|fic)|character|human years)\b|so\b|but\b))`;
const LOOSE_AGE = new RegExp(
  String.raw`\b(?:be|like|freshly|barely|all|becomes?|(?:she|he|they)'?ll be|will be|(?:make|makes|making|made|turns?|turned) (?:her|him|them|it|ur|u|\{\{(?:char|user)\}\}|(?:the|my|your|our|this|ur) [a-z]+)(?: (?:like|about|around|only|just|both))?|(?:looks?|looking|physically|mentally|appears?|built to look|mentally \d+ but)(?: and (?:physically|mentally|emotionally))?(?: like)?(?: an?)?|(?:she|he|shes|hes)|(?:change|changes|changing|changed|set|switch|switching) (?:her|him|them|\{\{(?:char|user)\}\}|(?:her|his|their|the|my|your) (?:age|oc|char|character)) to|(?:de-?aged?|age|aged|aging|ageing) (?:[a-z0-9'{}]+ ){0,3}(?:to|down to)|younger,? like)\s+(\d{1,2})(?:\s*(?:yrs?|years?|yo|y\/o)(?= |$|[.,;:!?)]))?${LOOSE_END}`,
  "g",
);

/**
 * Every age stated in the text (already folded, number words as digits). `now` dates birth years and
 * class years. An age in years and months: "8 months old" is 0.
 */
export function findAges(digitsText: string, now: Date): Age[] {
  const text = spacedDigits(digitsText);
  const year = now.getUTCFullYear();
  const found: Age[] = [];
  const add = (match: RegExpMatchArray, years: number, form: Age["form"]) =>
    found.push({ years, index: match.index!, end: match.index! + match[0].length, text: match[0], form });
  // A number in brackets that is no age: choices numbered "(1) ... (2) ...", or a number said twice ("1 (one) passenger").
  const enumerated = /\(1\)[^]*\(2\)/.test(text);
  const listed = (m: RegExpMatchArray) =>
    (enumerated && Number(m[1]) <= 9) || new RegExp(`\\b${m[1]}\\s*\\(${m[1]}\\)$`).test(text.slice(Math.max(0, m.index! - 4), m.index! + m[0].length));

  // "15 years old", "15-year-old", "15 yo", "15 y/o", "15yo", "15 year olds".
  for (const m of matches(YEARS_OLD_AGE, text)) add(m, Number(m[1]), "years");
  for (const m of matches(MONTHS_OLD_AGE, text)) add(m, 0, "years");
  // "aged 15", "age 15", "age: 15", "ages 12 and 13", a sheet's `Age("11")` or `"age": "11"`.
  for (const m of matches(
    /(?:\b|_)age[sd]?["'”]?\s*[:=(|-]?\s*["'“(]?\s*(\d{1,3})\s*(?:y|yrs?|years?|yo)?\b(?!\s*(?:[×x*+/]\s*\d|%|percent|minutes?|hours?|days?|weeks?|months?|(?:years? )?in (?:oak|barrels?|casks?|wood|the bottle|bourbon|sherry)))/g,
    text,
  ))
    add(m, Number(m[1]), "stated");
  // Introductions as people post them: "[15F]", "(m14)", "15f here".
  for (const m of matches(/[[(]\s*(\d{1,2})\s*[/,]?\s*[fmx]\s*[\])]|[[(]\s*[fmx]\s*[/,]?\s*(\d{1,2})\s*[\])]/g, text)) add(m, Number(m[1] ?? m[2]), "tag");
  for (const m of matches(/(?<![\w.])(\d{1,2})\s?[fm]\s+here\b/g, text)) add(m, Number(m[1]), "tag");
  // "17M", "f15", "- 16f -" as people introduce themselves; not "15m away" or "in 10m".
  for (const m of matches(
    /(?:^|[\s([|,:;-])(?:(1[0-7])\s?([fm])|([fm])\s?(1[0-7]))(?=$|[\s)\],.|:;!?-])(?!\s*(?:away|run|runs|walk|drive|left|later|ago|long|tall|high|deep|wide|from|to go|of|in|per|each|apart)\b)/g,
    text,
  )) {
    const before = text.slice(Math.max(0, m.index! - 12), m.index! + 1);
    if (!/\b(?:in|for|after|within|about|every|under|over|around|last|next|first)\s*$/.test(before)) add(m, Number(m[1] ?? m[4]), "tag");
  }
  // "I'm 15", "she is fifteen", "he's 14 now", "just turned 16", "only 13", "barely 17", "at 15 she".
  const STATED =
    /\b(?:i'?m|i am|im|she'?s|shes|she is|he'?s|hes|he is|you'?re|you are|youre|ur|u r|they'?re|theyre|they are|we'?re|we are|is|are|was|were|am|turned|turning|turns|just turned|only|just|barely|not even|not yet|still|really|actually|technically|secretly)\s+(?:only\s+|just\s+|barely\s+|really\s+|actually\s+|technically\s+|secretly\s+|in fact\s+|about\s+|around\s+|almost\s+|nearly\s+|like\s+|maybe\s+|prob(?:ably)?\s+|roughly\s+|both\s+)?(\d{1,2})(?:\s*(?:yrs?|years?|yo|y\/o)(?= |$|[.,;:!?)]))?(?:\s+(?:and a half|now|today|soon|yet|already|this year))?(?!\s*(?:'|"(?=\s*(?:tall|long|wide|high|deep|screen|monitor|tv|display|x\s*\d))|ft\b|feet|foot|inch|cm\b|m\b|kg\b|lbs?\b|pounds?|stone|%|percent|minutes?|mins?\b|hours?|hrs?\b|o'clock|am\b|pm\b|days?|weeks?|months?|miles?|km\b|degrees?|dollars?|bucks|cents?|points?|times?|blocks?|meters?|metres?|floors?|stops?|steps?|people|persons|guests|players|of\b|away|to \d|of \d|-\d|\.\d|:\d|\/\d|,\d{3}))(?=\s|$|[.,;:!?)\]"”-])/g;
  for (const m of matches(STATED, text)) add(m, Number(m[1]), "stated");
  for (const m of matches(/\bat (?:the age of |age )(\d{1,2})\b/g, text)) add(m, Number(m[1]), "stated");
  for (const m of matches(/\bat (\d{1,2})\s*,(?!\s*\d)/g, text)) add(m, Number(m[1]), "stated");
  for (const m of matches(/\b(?:now|still|even) at (\d{1,2})\b(?=,| (?:she|he|i|they|you)\b)/g, text)) add(m, Number(m[1]), "stated");
  for (const m of matches(/\b(?:no|not|n'?t) (?:any )?older than (\d{1,2})\b(?!\s*(?:minutes?|hours?|days?|weeks?|months?|%))/g, text))
    add(m, Number(m[1]), "stated");
  for (const m of matches(/\byounger than (\d{1,2})\b/g, text)) add(m, Number(m[1]) - 1, "loose");
  for (const m of matches(/\b(?:turns?|turning|will (?:be|turn)|(?:she|he|i|you)'?ll (?:be|turn)) (\d{1,2}) in (\d|a|an) (years?|months?)\b/g, text))
    add(m, Number(m[1]) - (/^year/.test(m[3]) ? (/^\d/.test(m[2]) ? Number(m[2]) : 1) : 1), "stated");
  for (const m of matches(
    /\b(?:married|wed|betrothed|engaged|promised|given|sold|bedded)(?: off)?(?: and (?:bedded|wed|married|deflowered))? (?:at|by) (?:age )?(\d{1,2})\b/g,
    text,
  ))
    add(m, Number(m[1]), "loose");
  for (const m of matches(/\bage:? (\d{1,2}),\s*(?:female|male|f|m|girl|boy)\b/g, text)) add(m, Number(m[1]), "tag");
  for (const m of matches(/\bsweet 16\b/g, text)) add(m, 16, "stated");
  // Round 3 (held-out): just under 18 ("turns 18 next month", "17.9", "a week shy of 18", "days away from her 18th birthday", "17 years 364 days").
  for (const m of matches(
    /\b(?:turns?|turning|will (?:be|turn)|(?:she|he|i|you)'?ll (?:be|turn)) 18 (?:next (?:week|month|year|spring|summer|fall|autumn|winter)|in (?:\d+|a|an|a few|a couple of) (?:days?|weeks?|months?)|soon|this (?:week|month|year))\b/g,
    text,
  ))
    add(m, 17, "stated");
  for (const m of matches(
    /\b(?:i'?m|im|she'?s|shes|he'?s|hes|is|only|just|barely)\s+(1[0-7])\.\d+\b(?!\s*(?:%|percent|kg|lbs?|km|miles?|m\b|cm|inches|ft|hours?|seconds?|points?|gpa|rating|stars?|\/))/g,
    text,
  ))
    add(m, Number(m[1]), "stated");
  for (const m of matches(/\b(?:\d+|a|an|one|a few|a couple of) (?:days?|weeks?|months?) (?:shy|short) of 18\b/g, text)) add(m, 17, "stated");
  for (const m of matches(
    /\b(?:days?|weeks?|months?) (?:away from|shy of|short of|before|from) (?:her|his|my|their|your) 18th (?:birthday|bday|b-day)\b/g,
    text,
  ))
    add(m, 17, "stated");
  for (const m of matches(/\b(1[0-7]) (?:years?|yrs?),? (?:and )?\d{1,3} (?:days?|months?)(?: old)?\b/g, text)) add(m, Number(m[1]), "years");
  for (const m of matches(
    /\b(?:almost|nearly|not quite|just under|close to|soon to be|about to (?:be|turn)) 18\b(?!\s*(?:years?|months?|yrs|%|percent|hours?|minutes?|\d|,\d|\.\d|-year|inch|cm|km|miles?|kg|lbs?|pounds?|dollars?|points?|holes?))/g,
    text,
  ))
    add(m, 17, "loose");
  // "has been eleven for two centuries", "frozen at 12 forever": an age kept, as undying beings are written.
  for (const m of matches(/\b(?:been|stayed|remained|frozen at|stuck at|forever) (1[0-7]|[5-9]) (?:for|since|ever since|forever)\b/g, text))
    add(m, Number(m[1]), "loose");
  // "serve the priest's bed from their eleventh year", "in her 13th year": the year of life a person is in.
  for (const m of matches(/\b(?:in|from|by|during|until) (?:her|his|their|my|your) (1[0-8]|[6-9])th year\b(?! (?:of|at|in|as|on)\b)/g, text))
    add(m, Number(m[1]) - 1, "loose");
  // An age said loosely, as people ask for one: "make her 13 for the lemon", "can the maid be like 14?",
  // "freshly 15", "de-age my oc to 12", "she'll be 14 in june", "16's basically grown". What follows
  // is no noun ("like 2 cats"): the end of a clause, "instead", "for", "and"... An age only a context makes count.
  for (const m of matches(LOOSE_AGE, text)) add(m, Number(m[1]), "loose");
  for (const m of matches(
    /(?:^|[^\w.,])(\d{1,2})(?:'s| is| isn'?t| is not|'s not) (?:basically|practically|almost|nearly|old enough|(?:not |really |hardly )?(?:a |really a )?(?:child|kid|baby)|grown|legal|mature|an adult|adult enough|plenty old)\b/g,
    text,
  ))
    add(m, Number(m[1]), "loose");
  // A range of ages ("f must be 15-17", "aged 11-13"), "N in human years", "so grown up for twelve".
  for (const m of matches(
    /\b(?:be|aged?|ages|between|is|are|from)\s+(1[0-7]|[5-9])\s*(?:-|to|and)\s*(1[0-7])\b(?!\s*(?:%|minutes?|hours?|days?|weeks?|months?|pm|am))/g,
    text,
  ))
    add(m, Number(m[1]), "loose");
  for (const m of matches(/\b(1[0-7]|[5-9]) in (?:human years|every (?:visible |physical )?way|appearance|looks)\b/g, text)) add(m, Number(m[1]), "loose");
  for (const m of matches(/\b(1[0-7]) (?:was|is|were) (?:the )?(?:marrying|marriageable|legal|courting|wedding) age\b/g, text)) add(m, Number(m[1]), "loose");
  // "a year past twelve", "look and act 12", an age in Roman numerals ("XIV years old").
  for (const m of matches(/\b(?:a|one|two|2) years? (?:past|after|over) (1[0-6]|[5-9])\b/g, text)) add(m, Number(m[1]) + 1, "loose");
  for (const m of matches(/\blook(?:s|ing)? and act(?:s|ing)? (?:like |about |around |maybe )?(1[0-7]|[5-9])\b/g, text)) add(m, Number(m[1]), "loose");
  for (const m of matches(/\b(x{0,1}(?:ix|iv|v?i{0,3}))\s*(?:years?|yrs?|yo|y\/o)\b/g, text)) {
    const value = romanValue(m[1]);
    if (value) add(m, value, "years");
  }
  for (const m of matches(/\b(?:mature|grown[\s-]?up|smart|old) for (?:a |an )?(1[0-7]|[5-9])\b/g, text)) add(m, Number(m[1]), "loose");
  // Youth teams: "her U13 soccer team", "the under-14s match".
  for (const m of matches(
    /\b(?:u-?|under-?)(1[0-7]|[6-9])s?\b(?=(?:'s)?\s*(?:s\b|team|squad|side|match|game|league|players?|soccer|football|netball|hockey|rugby|cricket|basketball|volleyball|girls|boys|tournament|cup|training|club|level|coach(?:es)?|manager|goalkeeper|keeper|striker|captain|winger|midfielder|defender)|s\b)/g,
    text,
  ))
    add(m, Number(m[1]) - 1, "loose");
  // Rites of passage at a child's age: a bar or bat mitzvah, a quinceanera, a first communion, shichi-go-san.
  for (const m of matches(
    /(?:\b(?:her|his|my|their|your) (?:own )?)?\b(?:(bat|bar|b'nai) mitzvah|(quincea?nera|quince anos|quinceanera)|((?:first|1st|1th) (?:holy )?communion)|(shichi-?go-?san))\b(?!\s*(?:party\s+)?(?:[a-z]+\s+)?(?:planners?|photographers?|djs?|caterers?|catering|venues?|dress(?:es)?|boutiques?|shops?|business(?:es)?|season|gifts?|cakes?|invitations?))/g,
    text,
  ))
    add(m, m[1] ? (m[1] === "bat" ? 12 : 13) : m[2] ? 15 : m[3] ? 8 : 7, "rite");
  // "a girl of fourteen", "the girl (13)", "her 15th birthday", "a 2012 baby", "born in '13", "16-ish".
  for (const m of matches(
    /\b(?:girl|boy|child|kid|lass|lad|daughter|son|student|youngster|maiden|sister|brother|niece|nephew|cousin|someone|person|thing)s? of (\d{1,2})\b(?!\s*(?:%|percent|minutes?|hours?|days?|weeks?|months?|feet|inches|pounds))/g,
    text,
  ))
    add(m, Number(m[1]), "years");
  for (const m of matches(
    /\b(?!(?:page|pages|fig|figure|chapter|table|step|note|room|p|pp|no|level|size|str|dex|con|int|wis|cha)\b)[a-z0-9']+ \((\d{1,2})\)/g,
    text,
  ))
    if (!listed(m)) add(m, Number(m[1]), "stated");
  // A birthday of hers is her own age ("on his 13th birthday"), not a child's she has.
  for (const m of matches(/\b(?:(?:her|his|my|their|your) (?:own )?)?(\d{1,2})(?:st|nd|rd|th) (?:birthday|bday|b-day|bdays?|name ?days?)\b/g, text))
    add(m, Number(m[1]), "years");
  for (const m of matches(/(?:^|\s)\((\d{1,2})\)\s*(?=[a-z'])/g, text)) if (!listed(m)) add(m, Number(m[1]), "stated");
  // Only in a cast: two or more people listed with their ages ("Dr. Pierce (50), ... patient Jamie (14, ward 6)"), not "eggs (2, beaten)".
  if ((text.match(/\b[a-z']{2,} \(\d{1,2}[,)]/g) ?? []).length >= 2)
    for (const m of matches(
      /\b(?!(?:page|pages|fig|figure|chapter|table|step|note|room|p|pp|no|level|size|verse|act|scene|part|book)\b)[a-z']{2,} \((\d{1,2}),\s*(?=[a-z])/g,
      text,
    ))
      if (!listed(m)) add(m, Number(m[1]), "stated");
  // "tobias - 11, missing a tooth": a name and an age at the start of a line, as sheets write them.
  for (const m of matches(/(?:^|\n)\s*[a-z]+(?:\s+-\s*|\s*-\s+)(\d{1,2})\s*[,.;]/g, text)) add(m, Number(m[1]), "stated");
  for (const m of matches(/\b(\d{1,2})\s*-?\s*ish\b(?!\s*(?:o'clock|am\b|pm\b|minutes?|hours?|%))/g, text)) add(m, Number(m[1]), "ish");
  for (const m of matches(/\b((?:19|20)\d{2}) (?:baby|babies|born|kid|kids)\b/g, text)) if (Number(m[1]) <= year) add(m, year - Number(m[1]), "born");
  for (const m of matches(
    /\b(?:born|dob|d\.o\.b\.?|date of birth|year of birth|birth ?year|birthday|birthdate|b-?day)\b[^.;\n]{0,30}?\b((?:19|20)\d{2})\b/g,
    text,
  )) {
    const born = Number(m[1]);
    if (born <= year && !/\b(?:since|until|till|before|after|in the year)\b/.test(m[0])) add(m, year - born, "born");
  }
  for (const m of matches(/\b(?:born|dob)\s*(?:in\s*)?'(\d{2})\b/g, text)) {
    const short = Number(m[1]);
    const born = short <= year % 100 ? 2000 + short : 1900 + short;
    add(m, year - born, "born");
  }
  // "15 and a half", "12 n a half".
  for (const m of matches(/\b(\d{1,2}) (?:and|n|&) a half\b/g, text)) add(m, Number(m[1]), "years");
  // Gender and age as people tag themselves: "F/16", "M(15)", "16/f".
  for (const m of matches(/(?<![\w])(?:[fm]\s*[/(]\s*(\d{1,2})\)?|(\d{1,2})\s*\/\s*[fm])(?![\w/])/g, text)) add(m, Number(m[1] ?? m[2]), "tag");
  // A sheet's field: "bio: 14 |", "ages: him 31 / her 16", "a.g.e. 1.3", "| 14yrs |".
  for (const m of matches(/\b(?:bio|ages?)\s*[:=-]\s*(?:[a-z]+\s+)?(\d{1,2})\b(?!\s*(?:[×x*+/]\s*\d|%|minutes?|hours?|days?|weeks?|months?))/g, text))
    add(m, Number(m[1]), "tag");
  // An age as a sum, to slip past a filter: "age: 7×2", "age: 10+4".
  for (const m of matches(/\bages?\s*[:=-]?\s*\(?\s*(\d{1,2})\s*([×x*+])\s*(\d{1,2})\b/g, text))
    add(m, m[2] === "+" ? Number(m[1]) + Number(m[3]) : Number(m[1]) * Number(m[3]), "tag");
  for (const sheet of matches(/\bages?\s*:([^.\n|]{0,60})/g, text))
    for (const m of matches(/\b(?:her|him|she|he|girl|boy|me|you|mine|yours)\s*[:=]?\s*(\d{1,2})\b/g, sheet[1]))
      found.push({ years: Number(m[1]), index: sheet.index! + 5 + m.index!, end: sheet.index! + 5 + m.index! + m[0].length, text: m[0], form: "tag" });
  for (const m of matches(/\bage\s*[:.]?\s*(\d)[.\s](\d)\b/g, text)) add(m, Number(m[1] + m[2]), "tag");
  for (const m of matches(/(?:^|[|/:,]\s*)(\d{1,2})\s?(?:yrs?|y)\b(?!\s*(?:ago|later|of|in|since|old|experience|exp))/g, text)) add(m, Number(m[1]), "tag");
  // A name with its age set apart, as character sheets write it: "mia, 14, is shy", "finn: 15, ginger", "aoife, 15 (she/her)".
  for (const m of matches(
    /\b([a-z]{2,})(?:\}\})?[,:]\s*(\d{1,2})\b(?![,.]\d)(?!\s*\(\2\))(?![.,]\d)(?=\s*(?:,|and\b|&|\(|-(?![a-z])|\||\.|$))(?!\.\s*(?:sinif|klasse|class|grade|year|sem))/g,
    text,
  ))
    if (
      !/^(?:page|chapter|room|level|row|seat|floor|step|verse|act|scene|part|book|volume|issue|episode|season|number|no|pages|chapters|rooms|levels|size|sizes|score|stats?|str|dex|con|int|wis|cha|hp|mp|height|weight|time|at|bus|route|platform|gate|table|track|day|week|year|months?|type|species|breed|model|version|count|make|series|class|grade|tier|rank|kids|children|siblings|sons|daughters|pets|cats|dogs|brothers|sisters|grandkids|grandchildren|universit\w*|college|school|hochschule|uni)$/.test(
        m[1],
      )
    )
      add(m, Number(m[2]), "stated");
  for (const m of matches(/\b([a-z]{2,})(?:\}\})?,\s*(\d{1,2})\s*,(?!\d)/g, text))
    if (
      !/^(?:page|chapter|room|level|row|seat|floor|step|verse|act|scene|part|book|volume|issue|episode|season|number|no|pages|chapters|rooms|levels)$/.test(
        m[1],
      )
    )
      add(m, Number(m[2]), "stated");
  // A table with an Age column ("| Name | Age | Role |" then "| Yui | 12 | ... |"): each row's cell in that column.
  const lines = text.split("\n");
  let ageColumn = -1;
  let offset = 0;
  for (const line of lines) {
    if (/^\s*\|/.test(line)) {
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
      const header = cells.findIndex((c) => /^ages?$/.test(c));
      if (header >= 0) ageColumn = header;
      else if (ageColumn >= 0 && /^\d{1,2}$/.test(cells[ageColumn] ?? "")) {
        const at =
          offset +
          line
            .split("|")
            .slice(0, ageColumn + 1)
            .join("|").length +
          1;
        const index = text.indexOf(cells[ageColumn], at);
        found.push({ years: Number(cells[ageColumn]), index, end: index + cells[ageColumn].length, text: cells[ageColumn], form: "tag" });
      }
    } else ageColumn = -1;
    offset += line.length + 1;
  }
  // "b. 2010".
  for (const m of matches(/\bb\.\s+((?:19|20)\d{2})\b/g, text)) if (Number(m[1]) <= year) add(m, year - Number(m[1]), "born");
  // A high school class of a year still ahead: in school now.
  for (const m of matches(/\bclass of (?:'|20)(\d{2})\b/g, text)) {
    const graduates = 2000 + Number(m[1]);
    if (graduates > year && graduates <= year + 12) add(m, 18 - (graduates - year), "class");
  }
  return found;
}

/** The age an ordinal school year stands for in the main English-speaking systems (US/CA grades, UK/AU/NZ years, Scotland's P/S). */
export function schoolYearAge(kind: "grade" | "year" | "form" | "p" | "s", n: number): number | null {
  if (kind === "grade") return n >= 1 && n <= 12 ? n + 6 : null;
  if (kind === "year") return n >= 1 && n <= 13 ? n + 4 : null;
  if (kind === "form") return n >= 1 && n <= 7 ? n + 10 : null;
  if (kind === "p") return n >= 1 && n <= 7 ? n + 4 : null;
  return n >= 1 && n <= 6 ? n + 11 : null;
}
