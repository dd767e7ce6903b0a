/**
 * The references to a person under 18 in one view of a text: ages said of a person, words for young people, school years, a child's things (issue 59). Pure: the browser shares it.
 */
import { CLAUSE_HEAD, digitsToText, findAges, findWordAges, schoolYearAge, type Age, wordsToDigits } from "./ages";
import { NOT_A_PERSON, PERSON_NOUN } from "./lexicon/not-minors";
import { CHILDHOOD, GRADE, MINOR_PERSON, OTHER_SCHOOL_YEARS, SCHOOL_STUDENT, SCHOOL_YEAR, WORLD_SCHOOL_YEARS, ordinalValue } from "./lexicon/references";
import { all, matches, startsWith, type Reference } from "./text-spans";
import { findWorldAges } from "./world-ages";

/** A thing named right after an age ("13 inch", "a 15 year old whisky"), built once. */
const THING_NEXT = new RegExp(`^(?:\\w+ )?(?:${NOT_A_PERSON.source})`, "u");

/**
 * Whether an age is a person's: the noun right after it ("a 3-year-old dog", "a 15-year-old girl"),
 * else what the clause before it says it of ("the bridge is 15", "she is 15", "mia is 15"). An age of
 * nothing in particular ("14yo", "[15F]") is a person's.
 */
export function agesPerson(digits: string, age: Age) {
  const after = digits.slice(age.end, age.end + 40);
  const nextWords = after
    .replace(/^[\s,-]+/, "")
    .split(/[^a-z']+/)
    .slice(0, 2)
    .join(" ");
  if (
    age.form === "years" &&
    (startsWith(PERSON_NOUN, after) ||
      /^(?:who|whom|whose)\b/.test(nextWords) ||
      nextWords.split(" ").some((w) => PERSON_NOUN.test(w) && !/^(?:she|he|her|him|i|me|you|they|we|ur|u)$/.test(w)))
  )
    return true;
  if (age.form === "years" && THING_NEXT.test(nextWords)) return false;
  // A sheet of an animal or a thing ("Species: golden retriever | Age: 13", "Type: tractor"): its ages are not a person's.
  const kind = /\b(?:species|breed|type|kind|model|make)\s*:\s*([^|\n,;\]]{2,40})/.exec(digits)?.[1];
  if (kind && NOT_A_PERSON.test(kind) && (age.form === "tag" || age.form === "stated")) return false;
  if (age.form === "tag" || age.form === "born" || age.form === "class" || age.form === "loose" || age.form === "rite") return true;
  if (age.form === "word") return !clauseIsAThing(digits, age.index);
  // "the boy, 12," or "counselor (24)": the word the age is set beside is what it is said of.
  const named = /^([a-z']+)(?:,| \()/.exec(age.text)?.[1];
  if (named) return !NOT_A_PERSON.test(named);
  const clause =
    digits
      .slice(Math.max(0, age.index - 80), age.index)
      .split(/[.!?;:\n]|,\s*(?:and|but)\s|\b(?:so|because|but|since|although|though|while|if)\s/)
      .pop() ?? "";
  // What the clause says the age of: the words before its last "is", "was", "turned"... ("the bridge is 15",
  // "lily is a shy 15-year-old"). A stated age ("is 15", "turned 10") carries its own verb: the whole
  // clause before it is what it is said of. "'s" is "is" before an age or "only" ("the company's only 12"),
  // and a possessive before a noun ("my char's dragon").
  const copula =
    age.form === "stated"
      ? undefined
      : [
          ...matches(
            /\b(?:is|was|are|were|turned|turns|turning|will be)\b|'s(?=\s*(?:$|only|just|barely|about|around|nearly|almost|now|already|like|a|an)\b)/g,
            clause,
          ),
        ].pop();
  if (!copula && age.form !== "stated") return true;
  const said = clause
    .slice(0, copula ? copula.index : clause.length)
    .trim()
    .split(/\s+/)
    .slice(-4);
  const head = (said.at(-1) ?? "").replace(/'s$/, "");
  if (!head || PERSON_NOUN.test(head) || /^(?:i'?m|im|she'?s|shes|he'?s|hes|you'?re|youre|they'?re|we'?re|ur)$/.test(head)) return true;
  if (head === "it" || head === "which" || NOT_A_PERSON.test(head)) return false;
  // Anything else may be a person ("my char", "her tutor", "mia"): only what is named as a thing is not.
  return true;
}

export const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10, xi: 11, xii: 12 };

export const JAPANESE: Record<string, number> = { ichi: 1, ni: 2, san: 3, yon: 4, go: 5, roku: 6 };

export const ORDINAL_WORD: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, fifth: 5, sixth: 6 };

export const GERMAN: Record<string, number> = {
  funft: 5,
  funften: 5,
  sechst: 6,
  sechsten: 6,
  siebt: 7,
  siebten: 7,
  acht: 8,
  achten: 8,
  neunt: 9,
  neunten: 9,
  zehnt: 10,
  zehnten: 10,
  elft: 11,
  elften: 11,
};

export const CHINESE: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, yi: 1, er: 2, san: 3 };

/** French classes, and Scotland's P and S years, name an age straight away. */
export const AGE_OF_CLASS: Record<string, number> = {
  sixieme: 11,
  "6e": 11,
  cinquieme: 12,
  "5e": 12,
  quatrieme: 13,
  "4e": 13,
  troisieme: 14,
  "3e": 14,
  seconde: 15,
  "2nde": 15,
};

/** A school year's number however it is written: digits, Roman numerals, Japanese, German, Chinese or English ordinals. */
export function schoolNumber(raw: string) {
  if (/^\d+$/.test(raw)) return Number(raw);
  const scottish = /^([ps])([1-7])$/.exec(raw);
  if (scottish) return Number(scottish[2]) + (scottish[1] === "p" ? 4 : 11);
  return ROMAN[raw] ?? JAPANESE[raw] ?? ORDINAL_WORD[raw] ?? GERMAN[raw] ?? CHINESE[raw] ?? AGE_OF_CLASS[raw] ?? null;
}

/** Whether the clause before an index speaks of a thing or an animal ("their goldfish, still alive at thirteen"): its last noun is one. */
export function clauseIsAThing(text: string, index: number) {
  const clause =
    text
      .slice(Math.max(0, index - 80), index)
      .split(/[.!?;:\n]|,\s*(?:and|but)\s/)
      .pop() ?? "";
  const things = all(NOT_A_PERSON, clause);
  if (!things.length) return false;
  const last = things.at(-1)!;
  return !all(PERSON_NOUN, clause.slice(last.end)).some((p) => !/^(?:she|he|her|him|i|me|you|they|we|ur|u|it)$/.test(p.text));
}

/** Text that ends where a clause opens. */
const ENDS_AT_CLAUSE_HEAD = new RegExp(`${CLAUSE_HEAD}$`);

/** What follows a number word that is a measure, a count or a time, not an age ("four and a half feet", "one-armed", "three hundred"). */
const MEASURE_AFTER =
  /^\s*(?:hundred|thousand|-[a-z]|(?:and a half\s+)?(?:feet|foot|ft|inch|inches|hours?|minutes?|days?|weeks?|months?|miles?|meters?|metres?|pounds?|kilos?|stone|times|cups?|litres?|liters?)\b)/;
/** Where an age said in words ends: the clause, "years", "and", "now"... ("she is fifteen.", "fifteen and bored"). */
const WORD_AGE_END =
  /^\s*(?:$|[.,;:!?()\]"”*…—–]|for (?:\w+ )?(?:years|centuries|decades|ages|millennia|eternity|a (?:thousand|hundred|century|millennium))\b|(?:years?|yrs?|yo|y\/o|and|but|or|now|so|yet|already|today|tonight|tomorrow|soon|this|next|when|who|with|though|tho|then|too|either|anymore|again|lol|going on|in (?:january|february|march|april|may|june|july|august|september|october|november|december|a (?:few|couple)))\b)/;

/**
 * Whether an age read from a number written in words is none: after "hundred" ("three hundred and
 * twelve years old"), before a measure, "one" on its own ("the only one"), or a stated age followed by
 * a noun or a time ("is three crooked shelves", "it's two in the morning").
 */
function numberWordNoAge(view: string, age: Age) {
  if (/\d/.test(age.text) || /^(?:sweet|married|wed|betrothed|engaged|promised|given|sold) /.test(age.text)) return false;
  if (/\b(?:hundred|thousand)(?:\s+and)?\s+$/.test(view.slice(Math.max(0, age.index - 16), age.index))) return true;
  const after = view.slice(age.end, age.end + 40);
  if (MEASURE_AFTER.test(after)) return true;
  if (age.form !== "stated" && age.form !== "loose" && age.form !== "word") return false;
  if ((age.years === 1 && !/year/.test(age.text)) || /^all /.test(age.text)) return true;
  // "had turned thirteen at the spring fair", "turns fifteen on Friday": a birthday with when it was.
  if (
    /^(?:just )?turn(?:ed|s|ing) /.test(age.text) &&
    /^\s+(?:at|on|in|last|this|that|before|after|when|while|during|over|the (?:day|week|month|year|summer|spring|fall|autumn|winter))\b/.test(after)
  )
    return false;
  // "dinner is at seven, and": a time, unless "at" opens the clause ("At fifteen, she left").
  if (/^at /.test(age.text) && !ENDS_AT_CLAUSE_HEAD.test(view.slice(Math.max(0, age.index - 12), age.index))) return true;
  // A loose age was read up to the end of its phrase (LOOSE_END) already.
  return (
    age.form !== "loose" &&
    /(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen)$/.test(age.text.replace(/[\s,.;:]+$/, "")) &&
    !WORD_AGE_END.test(after)
  );
}

/** The ages, words for minors and school stages in one view of the text. */
export function minorReferences(view: string, now: Date): Reference[] {
  const refs: Reference[] = [];
  const digits = wordsToDigits(view);
  const at = digitsToText(view, digits);
  const inView = (age: Age): Age => ({ ...age, index: at(age.index), end: at(age.end), text: view.slice(at(age.index), at(age.end)) });
  const english = [...findAges(digits, now).map(inView), ...findWordAges(view)].filter((age) => !numberWordNoAge(view, age));
  for (const age of [...english, ...findWorldAges(view)]) {
    if (age.years >= 18 || age.years < 0) continue;
    if (!agesPerson(view, age)) continue;
    refs.push({
      text: age.text,
      index: age.index,
      end: age.end,
      kind: "age",
      self: age.form === "tag" || (age.form === "stated" && /^(?:i'?m|i am|im|you'?re|you are|youre|ur|u r)\b/.test(age.text)) || /^my\b/.test(age.text),
      soft: age.form === "loose" || age.form === "ish",
      // A birth year, a class year or an introduction says how old the person is now, whatever else the sentence tells of their past.
      now:
        age.form === "born" ||
        age.form === "class" ||
        age.form === "tag" ||
        (age.form === "stated" &&
          /^(?:i'?m|im|i am|she'?s|shes|she is|he'?s|hes|he is|you'?re|you are)\b|\b(?:actually|really|technically|secretly|in fact|now|today)\b/.test(
            age.text,
          )),
    });
  }
  for (const m of all(MINOR_PERSON, view)) {
    const body = /teeth|bra|period|puberty|voice|body|chest|breasts|figure|undeveloped|underdeveloped|hair|fill out/.test(m.text);
    // A word for a child said to someone ("hey, little one," "come here, kiddo!") is a pet name, unless sex is near.
    const vocative =
      /^(?:little ones?|kiddo|kid|little girl|little boy|baby girl|girlie|lassie|laddie)$/.test(m.text) &&
      /(?:["“]\s*(?:your |my )?|\b(?:hey|hi|oh|night|goodnight|morning|there|come here|thanks|thank you|sleep well|okay|ok|yes|no),?\s+)$/.test(
        view.slice(Math.max(0, m.index - 14), m.index),
      ) &&
      /^\s*[,!?"”]/.test(view.slice(m.end, m.end + 2));
    // Round 3: "Be a good girl for me, little one." — a pet name said at the end of a sentence.
    const closing =
      /^(?:little ones?|kiddo|little girl|little boy|baby girl|girlie)$/.test(m.text) &&
      /,\s*$/.test(view.slice(Math.max(0, m.index - 3), m.index)) &&
      /^\s*[.!?]/.test(view.slice(m.end, m.end + 2));
    const quoted = (view.slice(Math.max(0, view.lastIndexOf("\n", m.index)), m.index).match(/["“”]/g)?.length ?? 0) % 2 === 1;
    const addressed =
      quoted &&
      /^(?:little ones?|kiddo|kid|little girl|little boy|girlie|lassie|laddie)$/.test(m.text) &&
      /,\s*$/.test(view.slice(Math.max(0, m.index - 3), m.index)) &&
      /^\s*[!?"”]/.test(view.slice(m.end, m.end + 2));
    refs.push({
      ...m,
      kind: body ? "body" : "word",
      weak: vocative || addressed || closing || /^(?:chibi|girlies?|still (?:a|just a) (?:girl|boy))$/.test(m.text),
    });
  }
  for (const m of all(CHILDHOOD, view)) refs.push({ ...m, kind: "word", soft: true });
  // A freshman or sophomore is in high school when the text says so (homecoming, a locker, "Mr." someone) and names no college.
  if (
    (/\b(?:homecoming|prom|lockers?|homeroom|high ?school|hs|mr\.?|mrs\.?|ms\.?|detention|after class|bleachers|hall pass|cafeteria|school bus)\b/.test(view) ||
      /\b(?:at|from|to|attends) [a-z]+ high\b(?! (?:street|road|st|rd|noon|tide|speed|level|end|alert|point|price|ground|seas?)\b)/.test(view)) &&
    !/\b(?:college|university|uni|campus|dorms?|frat|sorority|semester|major|freshers)\b/.test(view)
  )
    for (const m of all(/(?<![\p{L}\p{N}])(?:freshm[ae]n|sophomores?)(?![\p{L}\p{N}])/u, view)) refs.push({ ...m, kind: "word" });
  for (const { pattern, age, max } of WORLD_SCHOOL_YEARS)
    for (const m of [...all(pattern, view), ...all(pattern, digits)]) {
      const raw = m.groups.slice(1).find((g) => g !== undefined);
      const n = raw === undefined ? 1 : schoolNumber(raw);
      if (n === null || n > max || age(n) >= 18) continue;
      refs.push({ text: m.text, index: m.index, end: m.end, kind: "word" });
    }
  for (const m of all(SCHOOL_STUDENT, view)) refs.push({ ...m, kind: "word" });
  for (const m of all(GRADE, view)) {
    const n = m.groups[3] ? Number(m.groups[3]) : ordinalValue(m.groups[1], m.groups[2]);
    if (schoolYearAge("grade", n) === null) continue;
    // A reading level, a music or dance grade ("Grade 8 piano"), a subject's level or its teacher is no pupil.
    const after = view.slice(m.end, m.end + 40);
    // Round 3: "the third-grade volcano project", "her fifth-grade science fair": a grade said of a thing, not of a person.
    if (
      /grade$/.test(m.text) &&
      /\b(?:the|a|an|her|his|my|their|our|this|that|your)\s+$/.test(view.slice(Math.max(0, m.index - 8), m.index)) &&
      /^[\s-]+(?:[a-z]+\s+)?(?:projects?|volcano|science|fair|field ?trips?|trips?|plays?|recitals?|pageants?|curriculum|units?|lessons?|homework|assignments?|worksheets?|spelling|math|maths|art|classrooms?|rooms?|hallway|wing|camp|picnic|concert|books?|tests?|exams?|standards?|picture|photos?|yearbook|report)\b/.test(
        after,
      )
    )
      continue;
    if (
      /^[\s-]*(?:reading|level|vocabulary|education|teacher|teaching|piano|violin|viola|cello|guitar|flute|clarinet|sax(?:ophone)?|trumpet|drums|singing|voice|theory|music|certificate)\b/.test(
        after,
      ) ||
      /^[\s-]*(?:ballet|tap|dance|modern|jazz)\s+(?:exams?|certificates?|levels?|syllabus|grades?)\b/.test(after) ||
      /^[\s-]*(?:math|maths|english|spelling|science|writing|history|reading)\s+(?:level|teachers?|tutors?|curriculum|textbooks?|standards?|equivalent)\b/.test(
        after,
      )
    )
      continue;
    refs.push({ ...m, kind: "word" });
  }
  for (const m of all(OTHER_SCHOOL_YEARS, digits)) {
    const n = Number(m.groups[2] ?? m.groups[3] ?? m.groups[4] ?? m.groups[5]);
    const age = m.groups[1] ? (m.groups[1].startsWith("j") ? 10 + n : 13 + n) : m.groups[5] ? n + 6 : n + 5;
    if (age < 18 && n > 0) refs.push({ ...m, kind: "word" });
  }
  for (const m of all(SCHOOL_YEAR, view)) {
    const kind = (m.groups[1] ?? m.groups[3]) as "year" | "form" | "p" | "s";
    const age = schoolYearAge(kind, Number(m.groups[2] ?? m.groups[4]));
    const near = view.slice(Math.max(0, m.index - 120), m.end + 120);
    const inIt = m.text.startsWith("in ") && /(?:\b(?:is|am|are|was|were|still|only|just|now)|'[sm])\s+$/.test(view.slice(Math.max(0, m.index - 12), m.index));
    // "a Year 9 girl", "my OC is a Year 9", "persona: me, Year 8": a person in that year of school.
    const person = / (?:students?|pupils?|girls?|boys?|kids?|lads?|lass(?:es)?|mates|friends|classmates)$/.test(m.text);
    const sheet =
      /(?:[,:|/]|\b(?:is|'s|am|are|between|and|a|an)(?: (?:a|an))?)\s*$/.test(view.slice(Math.max(0, m.index - 12), m.index)) &&
      !/^\s+(?:of|ago|later|in|and a half)\b/.test(view.slice(m.end, m.end + 12));
    const schoolish =
      kind === "p" ||
      kind === "s" ||
      inIt ||
      person ||
      sheet ||
      /\b(?:student|pupil|class|school|teacher|uniform|blazer|jumper|formal|disco|assembly|leavers'?|gcses?|sats|exams?|homework|homeroom|form tutor|detention|playground|head ?teacher|tuck shop|netball|school trip|parents' evening|mum|mom|mobile|pe kit|work experience|school gates?|form room)\b/.test(
        near,
      );
    if (age === null || age >= 18 || !schoolish || /^\s+of\b/.test(view.slice(m.end, m.end + 5))) continue;
    refs.push({ ...m, kind: "word" });
  }
  return refs;
}
