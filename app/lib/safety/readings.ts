/**
 * How a reference to a minor is read: undone (an adult, staff, a costume, the past), someone else's child, said of the subject or of oneself, a role handed out, a grown-up beside it (issue 59). Pure: the browser shares it.
 */
import { wordsToDigits } from "./ages";
import { PARTNER, ROLE } from "./lexicon/contexts";
import { ADULT_QUALIFIER, NEGATED, PAST, SCHOOL_STAFF, SIMILE, SOMEONE_ELSES } from "./lexicon/undoing";
import { all, endsWith, sentenceOf, type Reference } from "./text-spans";

/** Whether a reference is undone by what stands around it: a negation, a word that makes the person an adult, an adult age, a school's staff. */
export function undone(view: string, ref: Reference) {
  const before = view.slice(Math.max(0, ref.index - 40), ref.index);
  if (NEGATED.test(before)) return true;
  if (ref.kind === "body") return false;
  // The pupils of eyes ("slit-pupil eyes", "green eyes with too-bright pupils").
  if (/^pupils?$/.test(ref.text) && /\b(?:eyes?|iris(?:es)?|slit|gaze|stare|rectangular)\b/.test(view.slice(Math.max(0, ref.index - 60), ref.end + 60)))
    return true;
  // "mature students", "grown kids"; an age stays an age ("such a mature 12-year-old").
  if (ref.kind === "word" && endsWith(ADULT_QUALIFIER, before.split(/\s+/).slice(-3).join(" "))) return true;
  // "feel like a (horny) teenager, even at 35": a comparison, with the person's adult age in the sentence.
  const compared = view.slice(Math.max(0, ref.index - 60), ref.index);
  if (
    (SIMILE.test(compared) || SIMILE.test(compared.replace(/[a-z]+ $/, ""))) &&
    /\b(?:at|is|am|i'?m|she'?s|he'?s|aged?)\s+(?:1[89]|[2-9]\d)\b/.test(view.slice(Math.max(0, ref.index - 120), ref.end + 60))
  )
    return true;
  // An adult age said of the same person right after ("a young girl of 25", "her kids, 30 and 32").
  // "she's 19, technically still a teen": an adult age said of the same person just before.
  if (
    ref.kind === "word" &&
    /(?:\b(?:i'?m|she'?s|he'?s|is|am|aged?|turned)|,)\s*(?:1[89]|[2-9]\d)\b[^.!?;]{0,40}$/.test(before) &&
    !/\b(?:and|with|her|his|their|but|really|actually|yet|though)\b[^.!?;]*$/.test(before.replace(/^.*\d/, ""))
  )
    return true;
  if (
    /^\s+(?:as (?:side|background|minor|supporting) characters|(?:stay|stays|remain|remains|are) (?:in the background|side characters|offscreen|off-screen))/.test(
      view.slice(ref.end, ref.end + 40),
    )
  )
    return true;
  // A kin word between ("her kid sister, who's 27") is the same person.
  const after = wordsToDigits(view.slice(ref.end, ref.end + 48)).replace(/^\s*(?:sister|brother|sis|bro|cousin|niece|nephew|son|daughter)s?\b/, "");
  if (
    /^['"’”]?\s*(?:of|aged|,|(?:,\s*)?who(?:'s| is| are)|is|was|'s|turned|turns|\(|-)\s*(?:now |about |around |all |already |both )?(?:1[89]|[2-9]\d)\b/.test(
      after,
    )
  )
    return true;
  // "homeroom teacher of a 2nd-year class", "professeur de maths en quatrième": the class a grown-up teaches.
  if (
    ref.kind === "word" &&
    /(?:teacher|lehrer(?:in)?|professeur|prof|sensei|seonsaengnim)(?: (?:de|of) \w+)?\s+(?:(?:of|to|for|de|en|in)\s+(?:a |an |the |two |three |\d+ )?)?$/.test(
      view.slice(Math.max(0, ref.index - 50), ref.index),
    )
  )
    return true;
  // What an adult teaches or looks after: "handles Grade 2", "teaches year 9", "coaches the under-12s".
  if (
    (ref.kind === "word" || /olds$/.test(ref.text)) &&
    /\b(?:teach(?:es|ing)?|taught|handles?|handling|tutors?|tutoring|coach(?:es|ing)?|substitutes? for|covers?|mentors?|runs?)\s+(?:a |the |her |his |their )?$/.test(
      before,
    )
  )
    return true;
  if (/\b(?:centre|center|academy|classes|lessons|tuition|coaching|course|books?|guides?|materials?|papers?|syllabus|curriculum) for\s+(?:the )?$/.test(before))
    return true;
  // A school's last year finished ("just finished Class 12 boards", "after her A-levels"): the person is 18 or about to be.
  if (
    /\b(?:finished|finishing|completed|passed|after|done with|graduated from|left)\s+(?:her |his |my |their |the )?$/.test(before) &&
    /^(?:class 1[12]|std 1[12]|year 1[23]|grade 12|form [56]|ss ?3|sss ?3|shs ?3|leaving cert\w*|a-?levels?|senior year|matric\w*|boards?)/.test(ref.text)
  )
    return true;
  // "the kid's parents", "kids never shown", "the kids are at their grandmother's": children the scene leaves out.
  if (/^'s (?:parents|mom|mum|dad|mother|father|school|teacher|nanny|babysitter|party|birthday party)\b/.test(view.slice(ref.end, ref.end + 24))) return true;
  if (
    /^'?\s*(?:who |that )?(?:(?:are|is|stay|stays|remain|will be|won'?t be) )?(?:never|not|nowhere|off-?screen|offscreen)\s*(?:shown|seen|present|in (?:it|the scene|the story|this)|on-?screen|involved|appear\w*|mentioned)?\b/.test(
      view.slice(ref.end, ref.end + 40),
    ) &&
    /(?:s|ren)$/.test(ref.text)
  )
    return true;
  if (
    /^\s*(?:have|had|has) (?:gone|left)|^'?\s*(?:costumes?|outfits?|cosplay|role-?play|fantasy|look|aesthetic|dress-?up)\b/.test(
      view.slice(ref.end, ref.end + 30),
    ) &&
    !/\d/.test(ref.text)
  )
    return true;
  if (
    /\b(?:actor|actress|she|he|who|they)\s+(?:plays?|played|portrays?|portrayed)\s+(?:a |an |the )?$|\b(?:dressed|dresses|dressing)(?: up)? as\s+(?:a |an |the )?$/.test(
      before,
    )
  )
    return true;
  if (/^\s+(?:exam\s+|mock\s+)?(?:papers|essays|scripts|assignments|coursework|reports|reading list)\b/.test(view.slice(ref.end, ref.end + 30))) return true;
  if (
    /^\s*(?:is|was) (?:away|at camp|at (?:her|his|their|the) (?:grand\w+|dad|mom|mum|father|mother|aunt|uncle|friend)\w*'?s?|with (?:her|his|their) (?:grand\w+|dad|mom|mum|father|mother))/.test(
      view.slice(ref.end, ref.end + 50),
    )
  )
    return true;
  if (
    /^\s+(?:\w+\s+){0,2}(?:runs?|ran|goes|went|heads?|headed|wanders?|wandered|skips?|skipped|scampers?|scampered|jogs?|jogged|files?|filed) off\b/.test(
      view.slice(ref.end, ref.end + 40),
    )
  )
    return true;
  if (
    ref.soft &&
    ref.kind === "word" &&
    /\b(?:1[89]|[2-9]\d)[\s-]*(?:years?|yrs?|yo|y\/o)\b|\bin (?:her|his|their) (?:20s|30s|40s|50s|twenties|thirties|forties|fifties)\b/.test(
      view.slice(Math.max(0, ref.index - 80), ref.index),
    )
  )
    return true;
  if (
    /^\s*(?:are|were) (?:away|asleep|in bed|at school|at camp|at (?:(?:their|her|his|the) )?(?:grand\w+|dad|mom|mum|father|mother|aunt|uncle|friend)\w*'?s?|with (?:their|her|his) (?:grand\w+|dad|mom|mum|father|mother|aunt|uncle)|gone|out|staying with|sleeping over)/.test(
      view.slice(ref.end, ref.end + 50),
    )
  )
    return true;
  // "after putting the kids to bed": children put to bed are out of the scene.
  if (
    /\b(?:putting|put|puts|tucking|tucked|tucks|getting|got|gets) (?:the|her|his|their|our|my|your) (?:\w+ )?$/.test(before) &&
    /^\s*(?:to bed|into bed|in bed|to sleep|down for the night|down)\b/.test(view.slice(ref.end, ref.end + 24))
  )
    return true;
  if (
    /^\s*(?:went|go|goes|had gone|have gone|fell|fall|falls|were|are) (?:to bed|to sleep|asleep|down)\b/.test(view.slice(ref.end, ref.end + 30)) &&
    /(?:s|ren)$/.test(ref.text)
  )
    return true;
  // The minor leagues of baseball: "sent down to the minors".
  if (
    /^minors$/.test(ref.text) &&
    /\b(?:shortstop|pitcher|baseball|majors|called up|sent down|farm team|batting|outfielder|catcher|inning|dugout|mlb)\b/.test(view)
  )
    return true;
  if (/^\s*(?:(?:is|are) (?:now )?(?:all )?(?:grown|adults?|in (?:their|her|his) (?:20s|30s|40s|twenties|thirties|forties))|all grown up)/.test(after))
    return true;
  if (SCHOOL_STAFF.test(view.slice(ref.index, ref.end + 30))) return true;
  // A school stage that names what an adult teaches or works in: "SS3 chemistry teacher", "Leaving Cert maths grinds tutor".
  return (
    ref.kind === "word" &&
    /^\s+(?:(?:maths?|chemistry|physics|biology|science|english|history|geography|french|spanish|german|irish|art|music|drama|pe|gym|computing|ict|economics|business|religion|grinds|form|head|supply|cover|substitute)\s+){0,2}(?:teachers?|tutors?|coach(?:es)?|principals?|nurses?|counsell?ors?|librarians?|lecturers?|examiners?|invigilators?|instructors?|staff|advis[eo]rs?|coordinators?|heads?|sweethearts?|classrooms?|staff ?rooms?)\b/.test(
      view.slice(ref.end, ref.end + 50),
    )
  );
}

/** Whether the reference is in the past (the person is no longer a child): its sentence, or the next, says so. */
export function inThePast(view: string, starts: number[], ref: Reference) {
  if (ref.now) return false;
  const at = sentenceOf(starts, ref.index);
  // "my first boyfriend was in 9th grade ... im 40 now": who was in school then says how old they are now.
  if (
    /\b(?:was|were) in\s+$/.test(view.slice(Math.max(0, ref.index - 10), ref.index)) &&
    /\b(?:i'?m|im|i am|we'?re|we are|now)\s+(?:[2-9]\d|twenty|thirty|forty|fifty|sixty)\b/.test(view)
  )
    return true;
  return PAST.test(view.slice(starts[at], starts[at + 2] ?? view.length));
}

/** Words for a young person (not a school, a class or an exam). */
export const PERSON_WORD =
  /\b(?:child(?:ren)?|kids?|kiddos?|kiddies|toddlers?|infants?|newborns?|tots?|tykes?|youngsters?|younglings?|teens?|teenagers?|tweens?|minors?|juveniles?|sons?|daughters?|girls?|boys?|pupils?|students?|schoolgirls?|schoolboys?|babies|baby|little ones?|lassies?|laddies?|adolescents?|nieces?|nephews?|cousins?|sisters?|brothers?|bairns?|munchkins?|bambin[ao]s?|collegien\w*|lyceen\w*|schuler\w*)\b|\d/;

/** Whether a word for a child names someone else's ("her son", "a mother of two kids", "every kid in town"), not the subject itself. */
export function someoneElses(view: string, ref: Reference) {
  // A school, a class or an exam of hers is hers ("her GCSE results"): only a word for a person can name someone else's.
  // "dad of a class 10 student": a grown-up's child.
  if (
    ref.kind === "word" &&
    /\b(?:mother|mom|mum|father|dad|parent|parents)\s+(?:of|to)\s+(?:a |an |the |two |three |\d+ )?$/.test(view.slice(Math.max(0, ref.index - 40), ref.index))
  )
    return true;
  // "two teenage kids", "three children": a number of children someone has.
  if (
    ref.kind === "word" &&
    /\b(?:two|three|four|five|six|\d|several|twin)\s+(?:[a-z]+\s+)?$/.test(view.slice(Math.max(0, ref.index - 24), ref.index)) &&
    /\b(?:divorced|married|widowed|single|mother|father|mom|mum|dad|parents?|has|have|had|with|raising|of)\b/.test(
      view.slice(Math.max(0, ref.index - 60), ref.index),
    )
  )
    return true;
  // "Kids: three, all under 10" on a parent's sheet: children counted are someone's.
  if (/^(?:kids|children|sons|daughters)$/.test(ref.text) && /^\s*:\s*(?:\d|one|two|three|four|five|six|none)\b/.test(view.slice(ref.end, ref.end + 12)))
    return true;
  // "a toddler on her hip", "a baby in his arms": a grown-up's child.
  if (/^\s+(?:on|in) (?:her|his|their|my) (?:hip|arms|lap|stroller|pram|buggy|car seat|sling)\b/.test(view.slice(ref.end, ref.end + 30))) return true;
  // "her Year 8 mates": her classmates are in her year, so she is too.
  if (ref.kind === "word" && /(?:mates|friends|classmates|class)$/.test(ref.text) && !/^(?:kids|children)/.test(ref.text)) return false;
  // "whose son is graduating from elementary school", "her daughter's in 8th grade": the stage is the child's.
  if (
    ref.kind === "word" &&
    /\b(?:her|his|my|their|our|your|whose)\s+(?:\w+\s+)?(?:son|daughter|kid|child|children|kids|boy|girl|twins|niece|nephew|grandson|granddaughter|stepson|stepdaughter)s?(?:'s|\s+(?:is|are|was|were|just|now|still))*\s+(?:\w+\s+)?$/.test(
      view.slice(Math.max(0, ref.index - 60), ref.index),
    )
  )
    return true;
  if (ref.kind === "body" || (ref.kind === "word" && !PERSON_WORD.test(ref.text.replace(/\d/g, "")))) return false;
  // "asked her to prom": an object, not a possessive.
  if (/^(?:to|at|for|after|in|into|on) /.test(ref.text.trim())) return false;
  // "my OC (13)", "my character": the person's own character is the subject.
  if (/\bmy (?:oc|ocs|char|character|persona|muse|self|avatar|bot|sona|main)\s*[(,:-]?\s*$/.test(view.slice(Math.max(0, ref.index - 20), ref.index)))
    return false;
  const before = `${view
    .slice(Math.max(0, ref.index - 50), ref.index)
    .replace(/[()[\]"'’“”,:—]|\s-+\s?|-+(?=\s|$)|(?<=[a-z])-(?=[a-z]+\s*$)/g, " ")
    .replace(/\s+/g, " ")
    .trimEnd()} `;
  // An age is someone else's only when it is said of their child right there ("my daughter's 13 year old friend", "her 15-year-old").
  // "her 15-year-old" is her child; "her age from 24 to 14", "his neighbor lily (15)" name the person themselves.
  const parentOf = /\b(?:mother|mom|mum|father|dad|parent|grandmother|grandma|grandfather|grandpa)\s+(?:of|to)\s+(?:\w+\s+){0,2}$/;
  // "raising a 15-year-old daughter", "looks after twins, age 6": the child of the one who cares for them.
  if (ref.kind === "age" && /^[\s-]*(?:body|self|figure|form|frame|chest|breasts?|pussy|curves|skin|face|version)\b/.test(view.slice(ref.end, ref.end + 20)))
    return false;
  if (ref.kind === "age" && CARE.test(before)) return true;
  if (
    ref.kind === "age" &&
    /^ages?\b/.test(ref.text) &&
    /\b(?:kids|children|sons|daughters|girls|boys|twins|triplets|grandkids|grandchildren)\s+(?:(?:\d|one|two|three|four|five|six)\s+)?$/.test(before)
  )
    return true;
  if (
    ref.kind === "age" &&
    SOMEONE_ELSES.test(before) &&
    /^\s*(?:son|daughter|kid|child|twins?|niece|nephew|step(?:son|daughter)|grand(?:son|daughter|child|kid))s?\b/.test(view.slice(ref.end, ref.end + 30))
  )
    return true;
  const kids = /\b(?:children|kids|twins|triplets|sons|daughters|toddlers?|babies|baby|kid|child|son|daughter|little ones)\s*$/.exec(before);
  if (ref.kind === "age" && !/^\d/.test(ref.text) && kids && SOMEONE_ELSES.test(before.slice(0, kids.index))) return true;
  if (ref.kind === "age" && !/^\d/.test(ref.text))
    return (
      parentOf.test(before) ||
      /\b(?:sister|brother|cousin|niece|nephew|daughter|son|friend|neighbou?r|kid|child|granddaughter|grandson|goddaughter|godson|stepdaughter|stepson)(?:'?s| s)?\s+$/.test(
        before,
      )
    );
  if (ref.kind === "age")
    return (
      /\b(?:her|his|my|their|our|your)\s+(?:[a-z]+'s\s+)?(?:son|daughter|kid|child|niece|nephew|brother|sister|cousin|grand(?:son|daughter|kid|child)|step(?:son|daughter)|friend|neighbou?r|student|pupil|baby|little one|boy|girl)s?\s+(?:is\s+|was\s+|turned\s+|just turned\s+)?$/.test(
        before,
      ) ||
      /(?:\b(?:her|his|my|their|our|your)\s+(?:[a-z]+'s\s+)?|[a-z]'s\s+)$/.test(before) ||
      /\b(?:mother|mom|mum|father|dad|parent|grandmother|grandma|grandfather|grandpa)\s+(?:of|to)\s+(?:\w+\s+){0,2}$/.test(before)
    );
  return SOMEONE_ELSES.test(before) || /\b(?:every|all|any|some|many|most|few|other|those|these|the other|no)\s+(?:\w+\s+)?$/.test(before);
}

/**
 * Whether a word for a child (not an age) describes the subject: it opens the text or its line, or
 * follows "a", "is a", "I'm a", "persona:", "age:"... ("A middle schooler who...", "She's in 8th grade").
 */
export function describesSubject(view: string, ref: Reference) {
  if (ref.kind !== "word") return true;
  const before = view.slice(Math.max(0, ref.index - 40), ref.index);
  // A school stage of "my", "her", "his" is the subject's own ("I'm in my first year of secondary school").
  if (!PERSON_WORD.test(ref.text) && /\b(?:i'?m|im|i am|she'?s|he'?s|is|am|was|in)\s+(?:\w+\s+){0,2}(?:my|her|his)\s+$/.test(before)) return true;
  return /(?:^|\n|[.!?:;|,(["-]\s*|\b(?:is|am|are|was|i'?m|im|she'?s|shes|he'?s|hes|you'?re|youre|they'?re|as|a|an|one|persona|character|char|oc|still|only|just|in)\s+)(?:(?!(?:who|that|which|and|with|of|for|to|every|all|some|many|her|his|their|my)\b)[a-z'-]+\s+){0,3}$/.test(
    before,
  );
}

/**
 * Whether the speaker says it of themselves ("I'm in second grade", "I'm Mateo, a 5th grader", "as your
 * 12 year old daughter", "j'ai dix ans", "tengo ocho años"): a person, or a model playing one, who is a child.
 */
export function saidOfSelf(view: string, ref: Reference) {
  const before = view.slice(Math.max(0, ref.index - 40), ref.index);
  if (
    /\b(?:i'?m|i am|im|i'?ll be|i will be|me is|as (?:your|a|an)|speaking as|i play|i'?m playing)\s+(?:[a-z]+,?\s+){0,3}$/.test(before) &&
    !/\b(?:teach|teacher|tutor|coach|mom|mum|dad|mother|father|parent)\w*[\s,]+(?:[a-z]+\s+){0,2}$/.test(before)
  )
    return true;
  return /(?<![\p{L}])(?:j'ai|tengo|tenho|ho|ich bin|mam|мне|soy de)\s*$/u.test(before);
}

/** Whether a grown-up (PARTNER) is named in the text apart from the reference itself. */
export function partnerBeside(view: string, ref: Reference) {
  return all(PARTNER, view).some((p) => p.end <= ref.index || p.index >= ref.end);
}

/** Whether the reference's sentence, or the one before, hands out a role (ROLE) before it. */
export function givesRole(view: string, starts: number[], ref: Reference) {
  const at = sentenceOf(starts, ref.index);
  return ROLE.test(view.slice(starts[Math.max(0, at - 1)], ref.end));
}

/** Whether a grown-up's age is stated between a reference and a context ("as kids ... now they're 29 and it gets spicy"). */
export function adultAgeBetween(view: string, ref: Reference, c: { index: number }) {
  const between = wordsToDigits(view.slice(Math.min(ref.end, c.index), Math.max(ref.index, c.index)));
  return /\b(?:1[89]|[2-9]\d)\b(?!\s*(?:%|minutes?|hours?|o'clock|am|pm))|\b(?:20s|30s|40s|twenties|thirties|forties)\b|\b(?:reunion|years (?:later|on|after)|reconnect\w*)\b/.test(
    between,
  );
}

/** A grown-up's verb of care before a child ("a single dad raising a 13-year-old son", "who fosters a 10-year-old boy"). */
const CARE =
  /\b(?:(?:has |have |had )?(?:taken|took|takes|taking) in|foster (?:mom|mum|dad|mother|father|parent)s? (?:to|of)|raising|raises|raised|fosters|fostering|fostered|adopted|adopts|looks after|looking after|cares for|caring for|babysits|babysitting|nanny (?:to|of|for)|single (?:dad|mom|mum|father|mother) (?:to|of)|(?:mother|father|mom|mum|dad|parent) of)\s+(?:a|an|two|three|four|her|his|their)?\s*(?:\w+\s+){0,2}$/;

/**
 * Whether a romance is the carer's, not the child's: the child is named after a verb of care, and the
 * romance stands in another clause (after a comma, "and" or "who") without pointing back at the child
 * ("dating again", "flirts with the baker"; not "and dates her").
 */
export function carersOwn(view: string, ref: Reference, c: { index: number; end: number }) {
  if (c.index < ref.end || !CARE.test(view.slice(Math.max(0, ref.index - 50), ref.index).replace(/[,;:()—–-]/g, " "))) return false;
  const between = view.slice(ref.end, c.index);
  if (!/[,;]|\b(?:and|who|but|while)\b/.test(between)) return false;
  // "and they kiss", "the two of them": the child is in it.
  if (/(?:\b(?:they|we)|\bthe two of them)\s+(?:\w+\s+)?$/.test(view.slice(Math.max(0, c.index - 24), c.index))) return false;
  return !/^\s*(?:with\s+)?(?:her|him|them|each other)\b/.test(view.slice(c.end, c.end + 16));
}
