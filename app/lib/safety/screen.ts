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
import { adultAgeBetween, carersOwn, describesSubject, givesRole, inThePast, partnerBeside, saidOfSelf, someoneElses, undone } from "./readings";
import { minorReferences } from "./references";
import { all, near, sameSentence, sentenceStarts } from "./text-spans";
import { withoutQuotedTitles, withoutTitles } from "./titles";

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
const PLAY_MY = /\b(?:you(?:'ll| will)? (?:play|be playing|voice)|you'?re|you are|be|play as|act as|pretend to be|pretend you'?re)\s+(?:my|your)\s+$/;

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
  const guarded = (c: { index: number }) => !PROTECTING.test(masked.slice(Math.max(0, c.index - 30), c.index));
  const sexual = [...all(SEXUAL, masked), ...all(SEXUAL_CJK, masked)].filter(said).filter(guarded);
  const romantic = [...all(ROMANTIC, masked), ...all(ROMANTIC_CJK, masked), ...all(/(?<=[a-z]) x (?=[a-z0-9])/, masked)].filter(said);
  const intimate = all(INTIMATE, masked);
  for (const ref of refs) {
    const hit = ref.text.trim();
    const past = inThePast(masked, starts, ref);
    const others = someoneElses(masked, ref);
    // The past, or someone else's child, is a refusal only with the sex in its own sentence and no grown-up's age between (the story moved on).
    const sexualNear =
      past || others
        ? sexual.filter(
            (c) =>
              sameSentence(starts, ref, c) &&
              !adultAgeBetween(masked, ref, c) &&
              !/^(?:(?:his|her|a|the) hotel room|motel|back to (?:his|her) hotel)$/.test(c.text),
          )
        : sexual;
    if (near(starts, ref, sexualNear)) return { ok: false, hit, rule: "minor-sexual" };
    if (ref.weak) continue;
    // "dresses like a teenager" compares; it names no one. Only a sexual context makes it a refusal.
    if (SIMILE.test(masked.slice(Math.max(0, ref.index - 60), ref.index))) continue;
    // Someone else's children ("their kids' school fair") are not in the love story; one child of theirs, in its own sentence, may be.
    const plural =
      /(?:s|children|ren)$/.test(hit) || /^\s+(?:\w+\s+)?(?:boys|girls|kids|sons|daughters|children|twins|teens)\b/.test(masked.slice(ref.end, ref.end + 24));
    // The speaker's own love life beside their child ("my 10 yo asked if I'm dating") is not the child's.
    const speakers = (c: { index: number }) =>
      /\b(?:i'?m|i am|i was|we'?re|we are|me|myself|my (?:husband|wife|partner|boyfriend|girlfriend|fiance\w*))\s+(?:\w+\s+)?$/.test(
        masked.slice(Math.max(0, c.index - 24), c.index),
      );
    // A carer's own love life beside the child they care for ("a single dad raising a 13-year-old son, dating again") is not the child's.
    const romanticNear = (others ? (plural ? [] : romantic.filter((c) => sameSentence(starts, ref, c) && !speakers(c))) : romantic).filter(
      (c) => !carersOwn(masked, ref, c),
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
    if ((mode === "identity" && describesSubject(masked, ref)) || ref.self || saidOfSelf(masked, ref)) return { ok: false, hit, rule: "minor-subject" };
  }
  return null;
}

export function screenOffline(text: string, mode: ScreenMode = "content", now = new Date()): OfflineVerdict {
  if (!text.trim()) return { ok: true };
  for (const view of readableViews(withoutQuotedTitles(text))) {
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
