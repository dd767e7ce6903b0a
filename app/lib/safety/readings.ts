/**
 * How a reference to a minor is read: undone (an adult, staff, a costume, the past), someone else's child, said of the subject or of oneself, a role handed out, a grown-up beside it (issue 59). Pure: the browser shares it.
 */
import { wordsToDigits } from "./ages";
import { PARTNER, ROLE } from "./lexicon/contexts";
import { ADULT_QUALIFIER, NEGATED, PAST, SCHOOL_STAFF, SIMILE, SOMEONE_ELSES } from "./lexicon/undoing";
import { all, endsWith, matches, sentenceOf, type Reference } from "./text-spans";

/** PAST as a global pattern, built once, for `matchAll`. */
const PAST_ALL = new RegExp(PAST.source, "g");

/** Whether a reference is undone by what stands around it: a negation, a word that makes the person an adult, an adult age, a school's staff. */
export function undone(view: string, ref: Reference) {
  const before = view.slice(Math.max(0, ref.index - 40), ref.index);
  if (NEGATED.test(before)) return true;
  if (ref.kind === "body") return false;
  // Round 3: "she's a kid at heart"; "since before the kids", "before the baby came": an era, not a child in the scene;
  // "a kids' birthday party", "the children's festival": a thing for children.
  if (/^\s+at heart\b/.test(view.slice(ref.end, ref.end + 10))) return true;
  if (
    /^(?:kids?|children|child|baby|babies)$/.test(ref.text) &&
    /\b(?:before|since|until|till)\s+(?:the |our |their |my |his |her )?$/.test(before) &&
    /^\s*(?:$|[.,;!?)—-]|came|were born|was born|arrived|came along|grew up|left)/.test(view.slice(ref.end, ref.end + 16))
  )
    return true;
  if (
    /(?:s|children|ren)$/.test(ref.text) &&
    /^(?:'s|')\s+(?!bod(?:y|ies)|breasts?|chests?|genital|private|naked|nude|legs|thighs|lips|sex|sexual|orgy|orgies|porn|nudes?|lingerie|panties|underwear|bedroom)[a-z]/.test(
      view.slice(ref.end, ref.end + 24),
    )
  )
    return true;
  // The pupils of eyes ("slit-pupil eyes", "green eyes with too-bright pupils").
  if (/^pupils?$/.test(ref.text) && /\b(?:eyes?|iris(?:es)?|slit|gaze|stare|rectangular)\b/.test(view.slice(Math.max(0, ref.index - 60), ref.end + 60)))
    return true;
  // "mature students", "grown kids"; an age stays an age ("such a mature 12-year-old").
  if (ref.kind === "word" && endsWith(ADULT_QUALIFIER, before.split(/\s+/).slice(-3).join(" "))) return true;
  // Round 3: "giggling like teenagers", "fooled around like they were kids again": a group compared to, no one in the scene.
  if (
    ref.kind === "word" &&
    /(?:s|children|ren)$/.test(ref.text) &&
    /(?:\b(?:giggl\w*|laugh\w*|act\w*|behav\w*|feel\w*|felt|look\w*|sound\w*|dress\w*|kiss\w*|made out|making out|make out|fool\w* around|squeal\w*|grin\w*|run\w*|ran|screamed|shrieked)\s+(?:\w+\s+){0,4}like|\blike (?:they|we|you) (?:were|are|'re))\s+(?:\w+\s+)?$/.test(
      view.slice(Math.max(0, ref.index - 70), ref.index),
    )
  )
    return true;
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
  // A costume a grown-up wears: "dresses as anime schoolgirls", "a 'naughty schoolgirl' stripper, 27".
  if (
    ref.kind === "word" &&
    (/\b(?:dress(?:es|ed|ing)? (?:up )?as|cosplay(?:s|ed|ing)?(?: as)?|costumed as|in (?:a|her|his) [a-z]+ costume as)\s+(?:[a-z'-]+\s+){0,2}$/.test(before) ||
      (/['"‘“]\s*(?:[a-z]+\s+)?$/.test(before) &&
        /^\s*['"’”]\s*(?:[a-z]+\s+)?(?:stripper|dancer|costume|act|routine|persona|outfit|look|role|show|number)\b/.test(view.slice(ref.end, ref.end + 24)))) &&
    /\b(?:1[89]|[2-9]\d)\b/.test(view)
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
  // Round 3: a story told in the past tense ("He was a first-year in middle school", "Now she chewed a stalk of wheat") is
  // its present: these cues say the past only when the text also says the person grew up (an adult age, "years later", "grown").
  const window = view.slice(starts[at], starts[at + 2] ?? view.length);
  const cues = [...matches(PAST_ALL, window)];
  if (!cues.length) return false;
  const narrative = (cue: string) => /^(?:now\b|(?:she|he|they) (?:was|were)\b|(?:was|were)\b)/.test(cue);
  if (cues.some((m) => !narrative(m[0]))) return true;
  return /\b(?:1[89]|[2-9]\d)\b(?!\s*(?:%|minutes?|hours?|o'clock|am|pm))|\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighteen|nineteen)\b|\b(?:grown|adults?|years later|years on|these days|nowadays|today|reunion|alumni)\b/.test(
    wordsToDigits(view),
  );
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
  // Round 3: "my teenage son": a word before a kin noun is the kin noun's.
  const kinAfter = /^\s+(?:son|daughter|kid|child|children|boy|girl|twin|niece|nephew|grandchild|grandkid|stepson|stepdaughter)s?\b/.test(
    view.slice(ref.end, ref.end + 20),
  );
  if (ref.kind === "body" || (ref.kind === "word" && !kinAfter && !PERSON_WORD.test(ref.text.replace(/\d/g, "")))) return false;
  // Round 3: "the kids they each had", "the cousins' kids", "{{char}}'s little nieces": children someone has.
  if (ref.kind === "word") {
    if (
      /^\s+(?:that |who |whom )?(?:they|we|she|he|i|you)(?: \w+)? (?:had|have|has)\b/.test(view.slice(ref.end, ref.end + 30)) &&
      /(?:s|children|ren)$/.test(ref.text)
    )
      return true;
    if (
      /(?:s|children|ren|nieces?|nephews?|daughters?|sons?|kids?|grandchildren|grandkids)$/.test(ref.text) &&
      /(?:(?<=[a-z}])(?<!\b(?:she|he|it|that|what|who|there|here|where|let|one|everyone|someone|this|nobody|everybody|somebody))'s|[a-z]s')\s+(?:(?!(?:a|an|the|only|just|still|such|so|like|really|not|no|barely|also)\b)[a-z]+\s+)?$/.test(
        view.slice(Math.max(0, ref.index - 40), ref.index),
      )
    )
      return true;
  }
  // Round 3: "my daughter (14)": an age set beside a kin word of the speaker's.
  if (
    ref.kind === "age" &&
    /^(?:son|daughter|kid|child|boy|girl|niece|nephew|stepson|stepdaughter)s?\b/.test(ref.text) &&
    /\b(?:my|our|your|her|his|their)\s+(?:\w+\s+)?$/.test(view.slice(Math.max(0, ref.index - 20), ref.index))
  )
    return true;
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
  // A list of someone's children with their ages: "raising two kids, Lily (7) and Max (10)".
  if (
    ref.kind === "age" &&
    /\b(?:kids|children|sons|daughters|twins|triplets)\s+(?:[a-z]+\s+\d{1,2}\s+(?:and\s+)?)*(?:[a-z]+\s+)?$/.test(before) &&
    SOMEONE_ELSES.test(before.replace(/\b(?:kids|children|sons|daughters|twins|triplets)\s+.*$/, ""))
  )
    return true;
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
      /\b(?:her|his|my|their|our|your)\s+(?:[a-z]+(?:'s| s)\s+)?(?:son|daughter|kid|child|niece|nephew|brother|sister|cousin|grand(?:son|daughter|kid|child)|step(?:son|daughter)|friend|neighbou?r|student|pupil|baby|little one|boy|girl)(?:s|'s| s)?\s+(?:is\s+|was\s+|turned\s+|just turned\s+)?$/.test(
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
  return /(?:^|\n|\{\{(?:char|user)\}\}\s+|[.!?:;|,(["-]\s*|\b(?:is|am|are|was|i'?m|im|she'?s|shes|he'?s|hes|you'?re|youre|they'?re|as|a|an|one|persona|character|char|oc|still|only|just|in)\s+)(?:(?!(?:who|that|which|and|with|of|for|to|every|all|some|many|her|his|their|my)\b)[a-z'-]+\s+){0,3}$/.test(
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
  if (adultSubjectFirst(view, starts, ref)) return false;
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

/** Round 3: words that name a person, not a name ("daughter (14)", "sis (13)"). */
const NOT_A_NAME =
  /^(?:she|he|her|him|his|age|aged|ages|girl|boy|kid|child|son|daughter|sis|sister|bro|brother|cousin|niece|nephew|twins?|baby|teen|student|pupil|friend|neighbou?r|patient|members?|characters?|cast|and|the|with|for|from|who|whose|kids|children)$/;
/** Verbs of seeing between a name and a context: "Rosie watches as Kyle kisses Dana" is not Rosie's kiss. */
const WITNESS = /\b(?:watch\w*|see[sn]?|saw|catch\w*|caught|walk(?:s|ed)? in on|hear[sd]?|notic\w*|find[s]?|found|spies|spied|overhear\w*|while|as)\b/;

/**
 * Round 3: a child named in a cast ("Kyle's daughter Rosie (13)", "cousin Sadie (16)") is the person the sentences
 * that name her again speak of: her name as the one who loves or is loved there ("Rosie has a crush on {{user}}",
 * "Sadie and {{user}} have been sleeping together", "kisses Rosie"). The rule of the context, or null.
 */
export function namedLater(
  view: string,
  starts: number[],
  ref: Reference,
  sexual: { index: number; end: number }[],
  romantic: { index: number; end: number }[],
): "minor-sexual" | "minor-romantic" | null {
  if (ref.kind !== "age") return null;
  const name = /^([a-z][a-z'-]{2,})(?:,| \()/.exec(ref.text)?.[1];
  if (!name || NOT_A_NAME.test(name)) return null;
  // The other people the cast names ("Kyle (31, bartender)"): a context after one of them is theirs.
  const cast = [...matches(/\b([a-z][a-z'-]{2,})(?: \(|, )\d{1,2}\b/g, view)].map((m) => m[1]).filter((n) => !NOT_A_NAME.test(n));
  for (const occ of all(new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, "u"), view)) {
    if (occ.index >= ref.index && occ.index < ref.end) continue;
    const at = sentenceOf(starts, occ.index);
    for (const [contexts, rule] of [
      [sexual, "minor-sexual"],
      [romantic, "minor-romantic"],
    ] as const)
      for (const c of contexts) {
        if (sentenceOf(starts, c.index) !== at) continue;
        const between = view.slice(occ.end, c.index);
        const after =
          c.index > occ.end &&
          c.index - occ.end <= 80 &&
          !WITNESS.test(between) &&
          !cast.some((other) => other !== name && new RegExp(`\\b${other}\\b`).test(between));
        const before = c.end <= occ.index && occ.index - c.end <= 20;
        if (after || before) return rule;
      }
  }
  return null;
}

/** Round 3: an adult couple named as the speaker and their spouse ("my husband and I", "me and my wife"). */
const COUPLE =
  /\b(?:(?:my|our|her|his|your) (?:husband|wife|spouse|partner|fianc\w*)(?: \([^)]{0,12}\))? and (?:i|me)|(?:i|me)(?: \([^)]{0,12}\))? and my (?:husband|wife|spouse|partner|fianc\w*))\b/;
const COUPLE_ALL = new RegExp(COUPLE.source, "g");

/**
 * Round 3: whether a sexual context is an adult couple's own, with the child elsewhere in the sentence: "my husband and I
 * had the best sex", "having sex with your spouse", and (for the speaker's own child) "our sex life".
 */
export function coupleOwn(view: string, ref: Reference, c: { index: number; end: number; text: string }, others: boolean) {
  const before = view.slice(Math.max(0, c.index - 120), c.index);
  const couple = [...matches(COUPLE_ALL, before)].pop();
  // The child as the one the sex is with or before ("sex with the 6-year-old", "in front of her son") is no couple's own.
  const object =
    ref.index >= c.end &&
    /^\s*(?:\w+\s+){0,3}(?:with|in front of|beside|next to|near|to|for|on|at)\s+(?:(?:a|an|the|my|our|his|her|their|your)\s+)?(?:\w+\s+)?$/.test(
      view.slice(c.end, ref.index),
    );
  const watching =
    ref.index >= c.end && /^\s*(?:\w+\s+){0,3}(?:watch\w*|looks? on|looked on|joins?|joined|sees|saw|helps?|helped)\b/.test(view.slice(ref.end, ref.end + 40));
  if (couple && !object && !watching) {
    const from = c.index - before.length + couple.index!;
    // Their own children anywhere in the sentence; any other child only before the couple is named.
    if (others || ref.end <= from) return true;
  }
  if (
    /^\s*(?:\w+\s+){0,2}with (?:my|your|his|her|their|our) (?:husband|wife|spouse|partner)\b/.test(view.slice(c.end, c.end + 40)) &&
    (ref.end <= c.index || ref.index >= c.end + 40)
  )
    return true;
  return (
    others &&
    /^sex$/.test(c.text) &&
    /\b(?:our|my)\s+$/.test(view.slice(Math.max(0, c.index - 6), c.index)) &&
    /^\s+(?:life|lives|drive)\b/.test(view.slice(c.end, c.end + 8))
  );
}

/** Round 3: a parent's, teacher's or doctor's question about a child's body ("how do I talk to him", "the pediatrician", "health class"). */
export function medicalFrame(view: string) {
  return /\b(?:how (?:do|should|can) (?:i|we)|is it normal|should (?:i|we) (?:worry|be worried)|talk(?:ing)? to (?:him|her|them) about|p(?:a)?ediatrician|doctor|nurse|health class|sex[\s-]?ed(?:ucation)?|puberty|correct names|body safety|endocrinologist|gyn(?:a)?ecologist)\b/.test(
    view,
  );
}

/** Round 3: "{{char}} is a 40-year-old exorcist haunted by the spirit of a child": the sentence gave its subject an adult age, and the child follows a preposition. */
export function adultSubjectFirst(view: string, starts: number[], ref: Reference) {
  if (
    !/\b(?:of|by|for|with|to|from|about|over|after|toward|towards)\s+(?:a|an|the|her|his|their|its|one)?\s*$/.test(
      view.slice(Math.max(0, ref.index - 16), ref.index),
    )
  )
    return false;
  const sentence = wordsToDigits(view.slice(starts[sentenceOf(starts, ref.index)], ref.index));
  return /\b(?:1[89]|[2-9]\d)[\s-]*(?:years?|yrs?)[\s-]*old\b|\b(?:is|'s|aged?)\s+(?:1[89]|[2-9]\d)\b/.test(sentence);
}
