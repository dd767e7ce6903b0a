/**
 * What refers to a person under 18: terms that only ever mean a sexualised minor, words for young people, a child's things, and the school years of many systems (issue 59). Pure: the browser shares it.
 */
import { words } from "./words";

/**
 * Terms for sexualised minors, or for wanting them, that have no innocent reading on this service:
 * refused wherever they are, whatever is around them.
 */
export const ALWAYS = words(
  "lol[il]s?",
  "lolicons?",
  "cunn(?:y|ies)",
  "roricon|rorikon",
  "(?<![ァ-ヺ])ロリ(?![ァ-ヺー])|ロリ(?:コン|体型|系)|ショタ|萝莉|正太控?|로리|쇼타",
  "lolli(?:es)?",
  "shotas?",
  "shotacons?",
  "shotakon",
  "toddlercons?",
  "p(?:a|ae)?edo(?:s|phile|philes|philia|philic|bear)?",
  "pdf files?(?= (?:content|stuff|vids|pics))",
  "child (?:porn|pornography|abuse material|sexual abuse|molest(?:er|ers|ation)?|brides?|wi(?:fe|ves))",
  "kiddie (?:porn|fiddler)",
  "cp (?:vids?|pics?|videos?|links?|trade)",
  "(?:generate|make|send|share|find|want|download|post|sell|buy)s? (?:some |me |more )?cp",
  "pthc",
  "cheese ?pizza (?:links?|vids?|videos?|pics?|content)",
  "csam",
  "child sexual (?:abuse|exploitation) material",
  "child porn(?:ography)?",
  "jail ?bait",
  "under-?aged?(?! drinking)",
  "pre-?teens?",
  "pre-?pubescent",
  "pre-?pubertal",
  "nymphets?",
  "rape[sd]?",
  "raping",
  "rapist",
  "(?:under|below|beneath) the age of consent",
  "not (?:yet )?(?:of|at) (?:the )?(?:legal )?age",
  "(?:not|isn'?t|aren'?t|never) (?:even |yet |quite )?(?:18|eighteen)(?: yet)?",
  // Round 3: "children under eighteen have been recruited": the age limit of a group already named as children is that group, read in context.
  "(?<!(?:children|kids|minors|youths?|juveniles|boys and girls) )under (?:18|eighteen)(?! (?:is|are|may|must|can|need|should)\\b)",
  "(?<!(?:children|kids|minors|youths?|juveniles|boys and girls) )below (?:18|eighteen)",
  "(?:budding|developing|tiny|flat|small) (?:little )?(?:chest|breasts|boobs|tits)(?= (?:of|on) (?:a|the|this|that) (?:child|kid|girl|boy))",
  "budding breasts",
  "training bras?",
  "(?:hasn'?t|has not|haven'?t|have not|not yet|never) (?:hit|reached|started|gone through|been through) puberty",
  "(?:hasn'?t|has not|not yet) (?:had|gotten|got) (?:her|a) first period",
  "before (?:her|his) (?:first period|puberty)",
  "(?:undeveloped|prepubescent|childlike) (?:body|bodies|pussy|cock|dick|crotch|slit|mound|chest)",
  "(?:child'?s|little girl'?s|little boy'?s) (?:pussy|cock|dick|crotch|slit|mound)",
  "(?:she|he|they)(?:'s| is| are)? (?:not|isn'?t|aren'?t) (?:even )?legal(?: yet)?",
  "(?:not|isn'?t|aren'?t) legal yet",
  "illegal age",
);

/**
 * A person under 18 named by a word (school stages, development, slang, diminutives): the screen
 * refuses it in or near a sexual or romantic context, and as what a character or persona is.
 */
export const MINOR_PERSON = words(
  "child(?:ren)?",
  "kids?",
  "kiddos?",
  "kiddies",
  "toddlers?",
  "infants?",
  "newborns?",
  "tots?",
  "tykes?",
  "youngsters?",
  "younglings?",
  "young'?uns?",
  "little ones?",
  "lil ones?",
  "rug ?rats?",
  "ankle ?biters?",
  "nippers?",
  "moppets?",
  "sprogs?",
  "bairns?",
  "whippersnappers?",
  "tweens?",
  "tweenagers?",
  "teens?",
  "teenagers?",
  "teenaged?(?! (?:phase|years|angst|rebellion|attitude|moods?|stage|hormones|drama|memories|self|dreams?)\\b)",
  "teenies?",
  "teeny ?boppers?",
  "teenybopper",
  "adolescents?",
  "adolescence",
  "pubescent",
  "(?:going|goes|went) through puberty",
  "(?:just|recently) hit puberty",
  "minors?(?!\\s+(?:key|keys|chord|chords|scale|scales|third|sixth|detail|details|issue|issues|injur(?:y|ies)|inconvenience|change|changes|problem|problems|role|roles|character|characters|league|leagues|leaguer|planet|planets|arcana|spell|spells|surgery|flaw|flaws|point|points|note|notes|edit|edits|fix|fixes|bug|bugs|offen[cs]es?|setback|adjustments?|tweaks?|repairs?|party|parties|prophets?|axis|version|update|in (?:music|math|economics|history|english|french|spanish|art|philosophy|psychology|physics|chemistry|biology)))",
  "pupils?(?!\\s+(?:dilat\\w*|contract\\w*|widen\\w*|narrow\\w*|shr[iu]nk\\w*|blown|flare\\w*|darken\\w*|went wide|were wide|of (?:her|his|their) eyes))",
  "bagets",
  "chuu-?(?:ichi|ni|san)",
  "chuugaku(?:sei)?",
  "chugaku(?:sei)?",
  "shou?gaku(?:sei)?",
  "kou?kou?sei",
  "joshi ?kou?sei",
  "jr\\.? high",
  "school ?bus(?! drivers?)",
  "detention(?! (?:centre|center|camp|facility|facilities|officer|guard|cell|block|pond|basin))",
  "report cards?",
  "recess",
  "homeroom",
  "permission slips?",
  "school (?:uniforms?|ties?|blazers?|skirts?|pinafores?|jumpers?|sweaters?|shoes|bags?|backpacks?)",
  "lunch ?box(?:es)?",
  "school trips?",
  "school disco",
  "(?:still|only) in (?:her|his) (?:school )?uniform",
  "juveniles?",
  "schoolgirls?",
  "schoolboys?",
  "school ?kids?",
  "school ?children",
  "high ?schoolers?",
  "middle ?schoolers?",
  "grade ?schoolers?",
  "elementary ?schoolers?",
  "primary ?schoolers?",
  "kindergart(?:e?n)ers?",
  "colegial[ao]s?",
  "(?:breasts?|chest) (?:are |is )?(?:just )?(?:starting|beginning) to (?:bud|develop|grow)",
  "kindergarten",
  "pre-?schoolers?",
  "pre-?school",
  "nursery school",
  "sixth ?formers?",
  "(?:little|lil|young|tiny|wee|small) (?:girls?|boys?|girlies?|lass(?:ies|es)?|lads?|sisters?|brothers?|princess(?:es)?|daughters?|sons?|cousins?|nieces?|nephews?)",
  "lassies?",
  "laddies?",
  "girlies?",
  "chibi",
  "tweenies?",
  "juvies?",
  "juvis?",
  "bambin[ao]s?",
  "munchkins?",
  "baby teeth",
  "(?:just |only just )?(?:start(?:ed|ing)|begun|beginning) (?:to (?:get|grow)|getting|growing) (?:hair|pubes|pubic hair)(?: down there)?",
  "(?:body|figure|chest|hips) (?:just |only just )?(?:starting|beginning) to fill out",
  "milk teeth",
  "(?:her|his|a) first (?:bra|training bra|period)",
  "(?:starting|started|entering|entered|hitting|hit|begun|beginning|going into) puberty",
  "(?:body|chest|breasts|figure)(?:'s| is| was| still)? (?:still )?(?:undeveloped|underdeveloped|not (?:yet |fully )?developed|developing|childlike)",
  "(?:still )?(?:undeveloped|underdeveloped)(?= (?:body|girl|boy|chest|figure))",
  "prom (?:night|date|queen|king)",
  "(?:at|after|to|for) (?:the |her |his )?prom",
  "homecoming (?:queen|king|dance)",
  "lolita(?![\\s-](?:fashion|style|dress(?:es)?|brand|fashionista|enthusiast|lifestyle|coords?|community|meetups?|tea party|cafe|café))",
  "cubs?",
  "smol (?:child|kid|girl|boy)",
  "baby (?:girl|boy)(?= (?:in|at|of|who|just|started|starting|aged))",
  "still (?:a|just a) (?:kid|child|baby|girl|boy)",
  "(?:growing|grown) up",
  "pre-?puberty",
  "(?:hasn'?t|has not|not yet|never) (?:had|hit) (?:his|her|their|a) growth spurt",
  "(?:hasn'?t|has not|not yet|never) (?:gone|been) through puberty",
  "voice (?:hasn'?t|has not|not yet|still hasn'?t) (?:broken|dropped|changed)",
  "transition year",
  "(?:not|isn'?t|aren'?t|wasn'?t) (?:even )?old enough to (?:drive|vote|get (?:her|his) (?:learner'?s|license|licence|permit))",
  "too young to (?:drive|vote)",
  "(?:can'?t|cannot|can not) (?:even )?(?:drive|vote) (?:yet|until)",
  "(?:years?|months?) (?:shy|short) of (?:her|his|their) (?:driver'?s )?(?:licen[cs]e|permit)",
  "before (?:she|he) (?:can|could) (?:even )?(?:drive|vote)",
  "(?:not|isn'?t) (?:even )?old enough (?:to get (?:a )?(?:part-?time )?job|for (?:a |her |his )?learner'?s? (?:permit|licen[cs]e))",
  "can'?t (?:see|watch) r-rated",
  "(?:years?|months?) (?:off|away from|shy of|short of) (?:getting )?(?:her|his) (?:learner'?s|licen[cs]e|permit|driver'?s)",
  "collegien(?:ne)?s?",
  "grundschul(?:er|erin|erinnen|kind|kinder|madchen|junge|jungen)",
  "lyceen(?:ne)?s?",
  "schuler(?:in)?",
  "(?:won'?t|will not|isn'?t|is not|not) (?:be )?legal (?:for|until|till)",
  "(?:about to|going to|gonna|will|yet to) start (?:high|middle|secondary|junior high|primary) school",
  "child(?:'s)? body",
  "body of a child",
);

/** Things of a child's life that say a child only with love or sex near ("still sleeps with a nightlight", "a booster seat"). */
export const CHILDHOOD = words(
  "booster seats?",
  "car seats?",
  "(?:wobbly|loose) (?:baby )?tooth",
  "lost (?:her|his|a) (?:first )?(?:baby )?tooth",
  "tooth fairy",
  "night-?lights?",
  "stuffed (?:rabbit|bunny|bear|animal|toy|unicorn|puppy|kitty)",
  "(?:cartoon|unicorn|princess|dinosaur|superhero) (?:lunchbox|backpack|pyjamas|pajamas|sticker)",
  "trick-or-treating with (?:her|his|their) (?:parents|mom|mum|dad)",
  "(?:can'?t|cannot|still can'?t) tie (?:her|his) (?:own )?shoe-?laces",
  "(?:her|his) (?:mother|mom|mum|parents) calls? (?:her|him) in",
  "(?:hasn'?t|had ?n'?t|has not|had not) (?:even )?started puberty",
  "voice (?:hadn'?t|had not|has ?n'?t|has not) (?:even )?(?:broken|dropped|changed)(?: yet)?",
  "(?:her|his) (?:first )?(?:mobile|phone) (?:was|is) new",
  "sippy cups?",
  "bedtime stor(?:y|ies)",
  "playdates?",
  "sandbox",
  "retainer(?: case)?",
  "(?:brand-new |new )braces",
  "plays? with (?:barbies|dolls|barbie dolls|toys)",
  "\\d ?pm bedtime",
  "(?:a|her|his) bedtime",
  "pencil (?:pouch|case)",
  "curfew",
  "(?:her|his) (?:mom|mum|dad|parents) drops? (?:her|him) (?:off|at)",
  "learner'?s? (?:permit|licen[cs]e|test)",
  "(?:girl|boy|cub) scouts? (?:sash|badge|uniform|troop|cookies)",
  "brownie (?:uniform|badge|pack)",
  "(?:in|with) (?:her|his) school (?:bag|rucksack|backpack)",
  "coloring books?",
  "colouring books?",
);

/** A student at school (not college): minor when what school it is says so. */
export const SCHOOL_STUDENT =
  /(?<![\p{L}\p{N}])(?:high ?school|middle ?school|junior high|elementary(?: school)?|primary(?: school)?|grade ?school|secondary(?: school)?|prep school|boarding school|catholic school|school)(?:'s)? (?:students?|pupils?|girls?|boys?|kids?|children|freshm[ae]n|sophomores?|juniors?|seniors?|girlfriends?|boyfriends?|gfs?|bfs?|crush(?:es)?|cheerleaders?|athletes?|gymnasts?|swimmers?|dancers?|nerds?|uniform(?:ed)? (?:girls?|boys?))(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:freshm[ae]n|sophomores?|juniors?|seniors?|students?|pupils?)(?: (?:at|in|of|from)) (?:(?:the|a|her|his|my|our|their|local) )?(?:[a-z]+ )?(?:high|middle|elementary|primary|secondary|junior high|grade) ?school(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:in|at|attends|attending|goes to|going to|started|starts|starting|bus to|walks? to|rides? to|back from|home from|(?:barely|just|only|not yet|not even) out of) (?:(?:high|middle|elementary|primary|secondary|grade) ?school|junior high)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:middle|elementary|primary|grade) school (?:young|aged?)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:graduat(?:ing|es|e) from|finishing|about to (?:finish|leave|graduate from)) (?:(?:elementary|primary|middle|grade) ?school|junior high)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])gcses?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:doing|taking|sitting|studying for|revising for|in the middle of) (?:her |his |their |my )?(?:a-?levels?|as-?levels?|sats|hsc|vce|ncea|junior cert(?:ificate)?|leaving cert(?:ificate)?|transition year)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:junior cert(?:ificate)?|leaving cert(?:ificate)?(?! (?:results (?:in|from) (?:19|20)\d\d|holders?|graduates?)))(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:\d|first|second|third)(?:st|nd|rd)? year (?:(?:of|in|at) )?(?:junior high|middle school|high school|elementary school|primary school|secondary school|jr\.? high)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:in|at) (?:a |the )?national school(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:attends|attending|goes to|going to|enrolled (?:at|in)|(?:a |the )?(?:student|pupil) at) (?:[a-z'-]+ ){1,2}(?:elementary|middle school|junior high|primary school|grade school|intermediate school)(?![\p{L}\p{N}])/u;

export const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
};

export const ORDINAL = `(?:(\\d{1,2})(?:st|nd|rd|th)|(${Object.keys(ORDINALS).join("|")}))`;

/** The number of an ordinal written in digits or words. */
export const ordinalValue = (digits: string | undefined, word: string | undefined) => (digits ? Number(digits) : ORDINALS[word!]);

/** US and Canadian grades: "7th grade", "seventh-grader", "grade 7", "grade seven" (numbers as digits already). */
export const GRADE = new RegExp(
  `(?<![\\p{L}\\p{N}])${ORDINAL}[\\s-]?grad(?:e|ers?)(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])grade (\\d{1,2})(?: (?:student|pupil|girl|boy|kid|class))?(?![\\p{L}\\p{N}%])`,
  "u",
);

/** Nigeria's junior and senior secondary years (JS1-3, SS1-3), India's classes and standards, Ireland's primary classes. */
export const OTHER_SCHOOL_YEARS =
  /(?<![\p{L}\p{N}])(?:(jss?|sss?|jhs|shs) ?([1-3])|(?:class|std\.?|standard) ?(\d{1,2})(?:th)?(?= (?:students?|girls?|boys?|kids?|pupils?|at|in|from|uniform|and|topper|exams?|boards?|science|commerce|arts|maths?|section|result|results)\b|\s*[|,.;]|$)|(\d{1,2})(?:st|nd|rd|th) (?:std|standard)|([1-6])(?:st|nd|rd|th) class (?:in|at) (?:a |the )?(?:national|primary) school)(?![\p{L}\p{N}])/u;

/**
 * More school systems' years, each with the age of its first year: Roman-numbered classes and
 * standards (India), Ireland's primary classes, Quebec's Secondary I-V, primary 1-7 (Nigeria,
 * Scotland, Singapore), the Dutch groepen, Japan's school years.
 */
export const WORLD_SCHOOL_YEARS: { pattern: RegExp; age: (n: number) => number; max: number }[] = [
  {
    pattern:
      /(?<![\p{L}\p{N}])(?:class|std\.?|standard) (i{1,3}|iv|v|vi{1,3}|ix|x|xi|xii)(?![\p{L}\p{N}])(?!\s+(?:have|had|am|was|'ve|'m|'d|will|would|can|could|should|think|thought|know|knew|love|loved|hate|hated|teach|taught|took|take|ever|never|really|just|need|want|wanted|remember|missed|skipped|liked))/u,
    age: (n) => n + 5,
    max: 12,
  },
  {
    pattern: /(?<![\p{L}\p{N}])(?:in |her |his |my )(3|4|5|6)(?:rd|th)[\s-]class(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(3|4|5|6)(?:rd|th)-class(?![\p{L}\p{N}])/u,
    age: (n) => n + 6,
    max: 6,
  },
  { pattern: /(?<![\p{L}\p{N}])(?:in |at |a )?secondary (i{1,3}|iv|v|[1-5])(?![\p{L}\p{N}])/u, age: (n) => n + 11, max: 5 },
  { pattern: /(?<![\p{L}\p{N}])primary ([1-7])(?![\p{L}\p{N}])/u, age: (n) => n + 5, max: 7 },
  { pattern: /(?<![\p{L}\p{N}])groep ([1-8])(?![\p{L}\p{N}])/u, age: (n) => n + 4, max: 8 },
  {
    pattern:
      /(?<![\p{L}\p{N}])(?:chuu?gaku|chugaku|junior high|middle[\s-]school)[\s-]?(?:(1|2|3|ichi|ni|san)-?nensei|(first|second|third)[\s-]years?(?:ers?)?|([1-3])(?:st|nd|rd|th)[\s-]years?(?:ers?)?)(?![\p{L}\p{N}])/u,
    age: (n) => n + 11,
    max: 3,
  },
  {
    pattern: /(?<![\p{L}\p{N}])(?:kou?kou?|high[\s-]school)[\s-]?(?:(1|2|ichi|ni)-?nensei|(first|second)[\s-]years?(?:ers?)?)(?![\p{L}\p{N}])/u,
    age: (n) => n + 14,
    max: 2,
  },
  {
    pattern:
      /(?<![\p{L}\p{N}])(?:shou?gaku|elementary[\s-]school)[\s-]?(?:([1-6]|ichi|ni|san|yon|go|roku)-?nensei|(first|second|third|fourth|fifth|sixth)[\s-]years?(?:ers?)?)(?![\p{L}\p{N}])/u,
    age: (n) => n + 5,
    max: 6,
  },
  {
    pattern:
      /(?<![\p{L}\p{N}])(?:first|1st|second|2nd|third|3rd)[\s-]years? (?:(?:in|of|at) )?(?:secondary|junior high|middle school|chuugaku)(?![\p{L}\p{N}])/u,
    age: () => 12,
    max: 99,
  },
  // Germany's Klassen ("in der 8. Klasse", "Klasse 9", "aus der Siebten", "die Neuntklässlerin").
  { pattern: /(?<![\p{L}\p{N}])(?:(\d{1,2})\. ?klasse|klasse (\d{1,2}))(?![\p{L}\p{N}])/u, age: (n) => n + 5, max: 12 },
  {
    pattern: /(?<![\p{L}\p{N}])(?:in der|aus der|die|der) (funften|sechsten|siebten|achten|neunten|zehnten|elften)(?![\p{L}\p{N}])/u,
    age: (n) => n + 5,
    max: 11,
  },
  { pattern: /(?<![\p{L}\p{N}])(funft|sechst|siebt|acht|neunt|zehnt|elft)klassler(?:in|innen)?(?![\p{L}\p{N}])/u, age: (n) => n + 5, max: 11 },
  // France's collège and lycée ("en quatrième", "classe : troisième", "une collégienne de cinquième"), Quebec's secondaire.
  {
    pattern: /(?<![\p{L}\p{N}])(?:en|de|la|une?|classe\s*:?)\s+(sixieme|cinquieme|quatrieme|troisieme|seconde|6e|5e|4e|3e|2nde)(?![\p{L}\p{N}])/u,
    age: (n) => n,
    max: 99,
  },
  { pattern: /(?<![\p{L}\p{N}])secondaire (i{1,3}|iv|v|[1-5])(?![\p{L}\p{N}])/u, age: (n) => n + 11, max: 5 },
  // Korea's and China's school years (중3, 初二, 高一, gao yi).
  {
    pattern:
      /(?:중|초)([1-6])|(?:初|小学)([一二三四五六])|高([一二])|初中|小学生|中学生|初中生|高中生|小学[1-6１-６]年生?|中学[1-3１-３]年生?|초등학생|중학생|여중생|남중생|초딩|중딩|(?<![\p{L}\p{N}])(?:gao ?(yi|er)|chu ?(yi|er|san))(?![\p{L}\p{N}])/u,
    age: (n) => n + 11,
    max: 99,
  },
  // Scotland's P1-P7 and S1-S6 on their own ("she's in S3", "| P7 |", "the S2 lassie").
  {
    pattern:
      /(?:(?<![\p{L}\p{N}])(?:in|an?|the|is|he'?s|she'?s)\s+|[|:,]\s*)([ps][1-7])(?=\s*(?:$|[|,.;]|\s(?:lassie|laddie|lass|lad|wean|weans|bairn|pupil|girl|boy|at|in|and)\b))/u,
    age: (n) => n,
    max: 99,
  },
  // Japan's nensei without a university before it, and "JK"/"JC" as people write them.
  {
    pattern: /(?<!daigaku[\s-]?)(?<![\p{L}\p{N}])(?:[1-3]|ichi|ni|san)-?nensei(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])kou-?(?:ichi|ni)(?![\p{L}\p{N}])/u,
    age: () => 14,
    max: 99,
  },
  {
    pattern: /(?<![\p{L}\p{N}])(?:jk|jc|js)(?= (?:x|heroine|girl|boy|uniform|romance|rp|story|lewd|fetish))|(?:x|lewd) (?:jk|jc|js)(?![\p{L}\p{N}])/u,
    age: () => 14,
    max: 99,
  },
  // A Japanese-style homeroom ("class 1-B").
  { pattern: /(?<![\p{L}\p{N}])class ([1-3])-[a-z](?![\p{L}\p{N}])/u, age: (n) => n + 12, max: 3 },
  // A grade on a sheet: "Grade: 9th".
  { pattern: /(?<![\p{L}\p{N}])grade\s*:\s*(\d{1,2})(?:st|nd|rd|th)?(?![\p{L}\p{N}])/u, age: (n) => n + 6, max: 11 },
];

/** UK, Australian and New Zealand school years, old forms, Scotland's P1-P7 and S1-S6. */
export const SCHOOL_YEAR =
  /(?<![\p{L}\p{N}])(?:(?:in|into|a|an|of|starting|started|finished|finishing|repeating) )?(year|form) (\d{1,2})(?: (?:students?|pupils?|girls?|boys?|kids?|lads?|lass(?:es)?|class|mates|friends|classmates|at school|at [a-z]+ (?:high|secondary|primary|grammar) school))?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])([ps])([1-7])(?: (?:pupils?|students?|class|girls?|boys?|lads?|lass(?:es)?|kids?))(?![\p{L}\p{N}])/u;
