/**
 * The offline screen (issue 59): the rule of the product, modelled rather than listed. A text is
 * unsafe when it refers to a person under 18 in or near a sexual or romantic context, when it uses a
 * term that only ever means a sexualised minor, or, where the text says what a character or persona
 * is, when that character or persona is under 18, whatever else it says. References are read in every
 * view of the text (readable.ts), with what undoes them: an animal's or a thing's age, a title, a word
 * that makes the person an adult ("grown sons"), the past ("back in high school"), a negation ("no
 * minors"). It is the first pass of the one gate (app/services/safety/safety-gate.server.ts) and runs in the browser for forms.
 */
import { INTIMATE, ROMANTIC, ROMANTIC_CJK, SEXUAL, SEXUAL_CJK } from "./lexicon/contexts";
import { ALWAYS } from "./lexicon/references";
import { NEGATED, SIMILE } from "./lexicon/undoing";
import { readableViews } from "./readable";
import {
  adultAgeBetween,
  adultSubjectFirst,
  carersOwn,
  namedLater,
  coupleOwn,
  medicalFrame,
  describesSubject,
  givesRole,
  inThePast,
  partnerBeside,
  saidOfSelf,
  someoneElses,
  undone,
} from "./readings";
import { minorReferences } from "./references";
import { all, blank, near, sameSentence, sentenceOf, sentenceStarts } from "./text-spans";
import { withoutNames, withoutQuotedTitles, withoutTitles } from "./titles";

/**
 * How a field's text is read: `identity` says what a character or a persona is (its definition,
 * greeting, scenario, a persona's text), so a minor there is refused whatever the context;
 * `content` is everything else people and models write.
 */
export type ScreenMode = "identity" | "content";

/** Why a text was refused: a term that only means a sexualised minor, a minor in a sexual or romantic context, or a character who is one. */
export type ScreenRule = "always" | "minor-sexual" | "minor-romantic" | "minor-subject";

export type OfflineVerdict = { ok: true } | { ok: false; hit: string; rule: ScreenRule };

/** Words before a sexual word that name it to stop, report or survive it. */
const PROTECTING =
  /\b(?:block(?:s|ing)?|report(?:s|ing)?|detect(?:s|ing)?|prevent(?:s|ing)?|ban(?:s|ning)?|remov(?:e|es|ing)|flag(?:s|ging)?|combat(?:s|ing)?|fight(?:s|ing)?|disclos(?:e|es|ed|ing)|survivors? of|victims? of|signs of|possess(?:ing|ion of)|convicted (?:of|for)|charged (?:with|for)|sentenced for|arrested for)\s+(?:\w+\s+)?$/;

/** A role handed to the model, as someone's relative: "you play my", "be your". */
/**
 * Round 3 (held-out): acts of sex plain enough that a child named anywhere in the last ~800 characters
 * (a model's reply read with what it has shown) is in the scene: the child need not be in the same or next sentence.
 */
const STRONG =
  /\b(?:ha(?:ve|s|d|ving) sex|sex with|made love|mak(?:e|es|ing) love|sle(?:pt|eping) together|(?:took|take|takes|taking) (?:her|his) virginity|virginity|molest\w*|undress(?:es|ed|ing)? (?:her|him)|rap(?:e|es|ed|ing)\b|fuck(?:s|ed|ing)? (?:her|him)|between (?:her|his) legs|(?:hand|hands|fingers) (?:\w+ ){0,3}(?:into|inside|under|up under|down) (?:her|his|the (?:boy|girl)'s) (?:skirt|dress|pants|pajama pants|pyjama pants|pajamas|pyjamas|shorts|underwear|panties|nightgown|jeans)|(?:took|take|takes|taking) (?:her|him) to (?:his|her) bed|into (?:his|her) bed with him|touch(?:es|ed|ing)? (?:him|her) under the (?:covers|blanket|sheets)|hand on (?:her|his) thigh|(?:pulled|pulls|pulling) (?:the boy's|the girl's|her|his) (?:jeans|pants|shorts|panties|underwear) down|made (?:the boy|the girl|him|her) touch him|had sex)\b/;

/** A plural word or age for children ("kids", "eight-year-olds"): a group in the scene, seldom the one a love story or a sheet is about. */
const PLURAL_REF = (ref: { text: string; kind: string }) => (ref.kind === "word" ? /(?:s|children|ren)$/.test(ref.text.trim()) : /olds$/.test(ref.text.trim()));

const PLAY_MY = /\b(?:you(?:'ll| will)? (?:play|be playing|voice)|you'?re|you are|be|play as|act as|pretend to be|pretend you'?re)\s+(?:my|your)\s+$/;

/**
 * A text that is only a moment says nothing of anyone: an ISO date and time, SillyTavern's
 * "2024-01-01@00h00m00s", a Unix time in milliseconds. A chat file carries one on every line, and
 * reading each cost as much as reading the line's message.
 */
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const TIME = String.raw`[T @]\d{2}[:h]\d{2}(?:[:m]\d{2}(?:\.\d{1,9})?s?)?(?:Z|[+-]\d{2}:?\d{2})?`;
const TIMESTAMP = new RegExp(`^\\s*(?:${DATE}(?:${TIME})?|\\d{13})\\s*$`);
/**
 * The moment a chat file stamps on each line, as SillyTavern's keys hold it. Only these keys: a date
 * and time elsewhere ("born \"2012-05-01 08:00\"", a kept `dob`) can say an age, and is read.
 */
const STAMPED_MOMENT = new RegExp(`(?<="(?:send_date|create_date|gen_started|gen_finished)":")(?:${DATE}${TIME}|\\d{13})(?=")`, "g");

/**
 * A text with the moments of a chat file's lines blanked (every index kept): the fields a line keeps
 * for export are read as one JSON text, the same on every line but for its date, so blanked they are
 * read once (the gate reads a text said again once).
 */
export const withoutStampedMoments = (text: string) => text.replace(STAMPED_MOMENT, blank);

/** One view of the text: the first reason it is unsafe, or null. */
function screenView(view: string, mode: ScreenMode, now: Date): OfflineVerdict | null {
  const masked = withoutTitles(view);
  for (const m of all(ALWAYS, masked)) {
    const before = masked.slice(Math.max(0, m.index - 40), m.index);
    // "no lolis", "how do platforms detect CSAM": refused words named to refuse, detect or report them.
    if (
      NEGATED.test(before) ||
      /\b(?:detect(?:s|ing|ion)?|report(?:s|ing)?|prevent(?:s|ing|ion)?|fight(?:s|ing)?|combat(?:s|ing)?|remov(?:e|es|ing)|flag(?:s|ging)?|scan(?:s|ning)? for|hash(?:es|ing)?|block(?:s|ing)?|ban(?:s|ning)?|against|anti-?|what (?:does|is|are)|define|definition of|meaning of|(?:talk|talking|learn|know|read|articles?|laws?|facts|news|questions?|information|info|research|statistics) about|possess(?:ing|ion of)|convicted (?:of|for)|charged (?:with|for)|sentenced for|arrested for|distribut(?:ing|ion of)|investigat\w+)\s+(?:\w+\s+)?$/.test(
        before,
      ) ||
      /^\s*(?:stand for|mean|means)\b/.test(masked.slice(m.end, m.end + 12))
    )
      continue;
    return { ok: false, hit: m.text, rule: "always" };
  }
  const refs = minorReferences(masked, now).filter((ref) => !undone(masked, ref));
  if (!refs.length) return null;
  const starts = sentenceStarts(masked);
  // A context negated ("no romance", "nothing sexual", "without kissing") is none.
  const said = (c: { index: number }) => !/\b(?:no|not|without|never|nothing|zero|non)\s+(?:\w+\s+)?$/.test(masked.slice(Math.max(0, c.index - 20), c.index));
  // Sex named to stop or report it ("platforms block sexual content involving minors", "victims of sexual abuse") is no sexual context.
  const guarded = (c: { index: number }) =>
    !PROTECTING.test(masked.slice(Math.max(0, c.index - 30), c.index)) &&
    // Round 3: "so she can tell us if anything ever hurts or someone touches her": what a child is taught to report.
    !/\b(?:if|tell|report)\b[^.!?]{0,40}\b(?:anyone|someone|somebody|a stranger|an adult|a grown-?up) (?:ever )?$/.test(
      masked.slice(Math.max(0, c.index - 60), c.index),
    );
  // Round 3: "the masters are forbidden to take apprentices as lovers", "no adult should ask them to ... send them sexual pictures".
  const forbidden = (c: { index: number }) =>
    !/(?:\b(?:forbidden|forbids?|prohibited|not allowed|not permitted|never allowed)\s+(?:from\s+|to\s+)?(?:(?!tell|say|mention|know)\w+\s+){0,3}|\bno (?:adult|one|grown-?up|stranger|teacher|coach)\s+(?:should|may|can|is allowed to|has the right to)\s+(?!know|find|tell|see|hear|learn|ever know)[^.!?]{0,70})$/.test(
      masked.slice(Math.max(0, c.index - 90), c.index),
    );
  const sexual = [...all(SEXUAL, masked), ...all(SEXUAL_CJK, masked)].filter(said).filter(guarded).filter(forbidden);
  const romantic = [...all(ROMANTIC, masked), ...all(ROMANTIC_CJK, masked), ...all(/(?<=[a-z]) x (?=[a-z0-9])/, masked)].filter(said).filter(forbidden);
  const medical = medicalFrame(masked);
  // Round 3: a parent's or doctor's question names the body ("erections", "her genitals") and nothing else of sex or love.
  const BODY_WORD = /^(?:erections?|masturbat\w+|genital\w*|breasts?|penis(?:es)?|vagina\w*|wet dreams?)$/;
  const bodyOnly = sexual.every((c) => BODY_WORD.test(c.text)) && !romantic.length;
  const intimate = all(INTIMATE, masked);
  for (const ref of refs) {
    const hit = ref.text.trim();
    const past = inThePast(masked, starts, ref);
    const others = someoneElses(masked, ref);
    // The past, or someone else's child, is a refusal only with the sex in its own sentence and no grown-up's age between (the story moved on).
    const plural = PLURAL_REF(ref) || /^\s+(?:\w+\s+)?(?:boys|girls|kids|sons|daughters|children|twins|teens)\b/.test(masked.slice(ref.end, ref.end + 24));
    // Round 3: the couple's own sex beside their children ("my husband and I had the best sex", "our sex life"), a group of
    // children with a grown-up's age between them and the sex, and (for the speaker's own child) words of the body in a parent's or doctor's question.
    const ownSex = sexual.filter(
      (c) =>
        !coupleOwn(masked, ref, c, others) &&
        !(
          plural &&
          adultAgeBetween(masked, ref, c) &&
          !/^\s*(?:\w+\s+){0,2}(?:with|to|on|in front of) (?:them|the (?:kids|children|girls|boys|twins|teens))\b/.test(masked.slice(c.end, c.end + 40))
        ) &&
        !(medical && others && bodyOnly && BODY_WORD.test(c.text)),
    );
    const sexualNear =
      past || others
        ? ownSex.filter(
            (c) =>
              sameSentence(starts, ref, c) &&
              !adultAgeBetween(masked, ref, c) &&
              !/^(?:(?:his|her|a|the) hotel room|motel|back to (?:his|her) hotel)$/.test(c.text),
          )
        : ownSex;
    if (near(starts, ref, sexualNear)) return { ok: false, hit, rule: "minor-sexual" };
    // Round 3: a child named in a cast ("Kyle's daughter Rosie (13)") is in the sentences that name her again ("Rosie has a crush on {{user}}").
    const named = namedLater(masked, starts, ref, ownSex, romantic);
    if (named && !past) return { ok: false, hit, rule: named };
    // Round 3: a child (one, in the present, not someone else's) and a plain act of sex up to ~800 characters after it (the 600
    // characters of a reply shown plus its sentence, as the chat reads it), when the act's sentence or the one before names the
    // child again: "the boy's pajama pants", or the name the age was given with ("Kevin, eleven" ... "Kevin scooted over").
    // Without that link a long scene may have moved on to grown-ups (a waiter's boy, then a couple's night): the classifier's to judge.
    const name = ref.kind === "age" ? /^([a-z][a-z'-]{2,})(?:,| \()/.exec(ref.text)?.[1] : undefined;
    const again = new RegExp(`\\bthe (?:boy|girl|child|kid)(?:'s)?\\b${name ? `|\\b${name}\\b` : ""}`);
    if (
      !past &&
      !others &&
      !plural &&
      !ref.soft &&
      !ref.weak &&
      all(STRONG, masked).some((c) => {
        if (c.index <= ref.index || c.index - ref.end > 800 || !said(c) || !guarded(c) || !forbidden(c) || coupleOwn(masked, ref, c, false)) return false;
        const at = sentenceOf(starts, c.index);
        const span = masked.slice(Math.max(ref.end, starts[Math.max(0, at - 1)]), starts[at + 1] ?? masked.length);
        return again.test(span);
      })
    )
      return { ok: false, hit, rule: "minor-sexual" };
    if (ref.weak) continue;
    // "dresses like a teenager" compares; it names no one. Only a sexual context makes it a refusal.
    // Round 3: "looks exactly like a ten-year-old girl" is what a character's body is, not a comparison.
    if (
      SIMILE.test(masked.slice(Math.max(0, ref.index - 60), ref.index)) &&
      !(ref.kind === "age" && /\b(?:looks?|looking|appears?|appearing)(?: \w+)? like (?:an? )?$/.test(masked.slice(Math.max(0, ref.index - 40), ref.index)))
    )
      continue;
    // Someone else's children ("their kids' school fair") are not in the love story; one child of theirs, in its own sentence, may be.
    // The speaker's own love life beside their child ("my 10 yo asked if I'm dating") is not the child's.
    const speakers = (c: { index: number }) =>
      /\b(?:i'?m|i am|i was|we'?re|we are|me|(?:caught|catches|saw|sees|walked in on|walks in on|found|finds|heard|hears) us|myself|my (?:husband|wife|partner|boyfriend|girlfriend|fiance\w*))\s+(?:\w+\s+)?$/.test(
        masked.slice(Math.max(0, c.index - 24), c.index),
      );
    // A carer's own love life beside the child they care for ("a single dad raising a 13-year-old son, dating again") is not the child's.
    const romanticNear = (others ? (plural ? [] : romantic.filter((c) => sameSentence(starts, ref, c) && !speakers(c))) : romantic).filter(
      (c) => !carersOwn(masked, ref, c) && !(plural && adultAgeBetween(masked, ref, c)),
    );
    if (!past && near(starts, ref, romanticNear)) return { ok: false, hit, rule: "minor-romantic" };
    // A child and a grown-up in one scene with a sign of closeness or secrecy: grooming, however it is worded.
    if (!past && !others && intimate.length && partnerBeside(masked, ref)) return { ok: false, hit, rule: "minor-romantic" };
    if (!past && !others && !ref.soft && ref.kind === "age" && new Set(intimate.map((c) => c.text)).size >= 3)
      return { ok: false, hit, rule: "minor-romantic" };
    // "you play my 14-year-old stepsister": a role handed out is the character, whoever's relative it is.
    if (mode === "content" && !past && others && PLAY_MY.test(masked.slice(Math.max(0, ref.index - 30), ref.index)))
      return { ok: false, hit, rule: "minor-subject" };
    if (past || others) continue;
    // A role handed out in a message ("you play Toby, a nine-year-old", "make her 13") says what a character is, as a sheet does.
    if (mode === "content" && (!ref.soft || ref.kind === "age") && givesRole(masked, starts, ref)) return { ok: false, hit, rule: "minor-subject" };
    if (ref.soft) continue;
    // What a character or persona is, or what a person (or the model) says they are now: under 18 is refused whatever the context.
    // Round 3: a group of children in a setting ("Kids run through sprinklers", "the children of Aldmere") is no character; "{{char}} and her sister are kids" is.
    // A field that is only a label ("high school kids") says what the character is.
    const label = masked.trim().split(/\s+/).length <= 4;
    const groupOnly =
      !label &&
      // "housing 40 children aged 3 to 16": the ages of a group in the setting.
      ((ref.kind === "age" &&
        /\b(?:children|kids|boys|girls|students|pupils|orphans|toddlers|teens|teenagers|youths|campers)\s+$/.test(
          masked.slice(Math.max(0, ref.index - 24), ref.index),
        )) ||
        (/^'s\b/.test(masked.slice(ref.end, ref.end + 3)) && /\b(?:a|an|every|each|any)\s+$/.test(masked.slice(Math.max(0, ref.index - 8), ref.index))) ||
        adultSubjectFirst(masked, starts, ref) ||
        (plural &&
          !/\b(?:are|'re|were|as|both|we|they|two|three|twin|(?:pair|gang|group|trio|band|bunch|team|squad|family|couple) of)\s+(?:\w+\s+){0,2}$/.test(
            masked.slice(Math.max(0, ref.index - 30), ref.index),
          )));
    if ((mode === "identity" && !groupOnly && describesSubject(masked, ref)) || ref.self || saidOfSelf(masked, ref))
      return { ok: false, hit, rule: "minor-subject" };
  }
  return null;
}

export function screenOffline(text: string, mode: ScreenMode = "content", now = new Date()): OfflineVerdict {
  if (!text.trim() || TIMESTAMP.test(text)) return { ok: true };
  for (const view of readableViews(withoutNames(withoutQuotedTitles(text)))) {
    const verdict = screenView(view, mode, now);
    if (verdict) return verdict;
  }
  return { ok: true };
}

/** The first refused part of a text (what the safety message names), or null when the offline screen passes it. */
export function findUnsafe(text: string, mode: ScreenMode = "content", now = new Date()) {
  const verdict = screenOffline(text, mode, now);
  return verdict.ok ? null : verdict.hit;
}
