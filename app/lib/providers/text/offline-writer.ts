import { ACTIONS, ANSWERS, ANY_LINES, HOOKS, SOMEWHERE, TRAIT_LINES } from "~/spec/offline-writer";
import { shortName } from "~/lib/chat/character-name";
import type { CharacterHints } from "./types";

/**
 * The offline demo writer (decision 015): a reply stitched from the character's card and the kind
 * of thing the user said, never from the user's own words. The same message id gives the same reply;
 * another id (a regenerate) gives another.
 */

/** A small stable hash (FNV-1a), the seed of every choice. */
export function hash(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Choices drawn one after another from a seed (xorshift), so each part of a reply varies on its own. */
export function chooser(seed: number) {
  let state = seed || 1;
  return <T>(list: readonly T[]): T => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return list[(state >>> 0) % list.length];
  };
}

export type Pronouns = { they: string; them: string; their: string };

/** The character's pronouns, from the card's tags: Female, Male, else they. */
export function pronounsFor(tags: readonly string[]): Pronouns {
  if (tags.includes("Multiple")) return { they: "they", them: "them", their: "their" };
  if (tags.includes("Female") && !tags.includes("Male")) return { they: "she", them: "her", their: "her" };
  if (tags.includes("Male") && !tags.includes("Female")) return { they: "he", them: "him", their: "his" };
  return { they: "they", them: "them", their: "their" };
}

type Intent = keyof typeof ANSWERS;

/** What the user did: asked, acted, greeted, shared a feeling, said goodbye, or said something. */
export function intentOf(message: string): Intent {
  const text = message.trim();
  const plain = text.replace(/\*[^*]*\*/g, " ").trim();
  if (/^\*[^*]+\*$/.test(text) || (!plain && text.includes("*"))) return "action";
  if (/\b(bye|goodbye|good night|goodnight|see you|farewell|gotta go|have to go)\b/i.test(plain)) return "farewell";
  if (/^(hi|hello|hey|heya|greetings|good (morning|evening|afternoon)|yo)\b/i.test(plain)) return "greeting";
  if (/\?\s*$/.test(plain) || /^(who|what|where|when|why|how|which|can|could|would|will|do|does|did|is|are|was|were|have|should)\b/i.test(plain))
    return "question";
  if (
    /\b(sad|lonely|tired|scared|afraid|hurt|cry|crying|anxious|upset|lost|miss you|terrible|awful|rough|stressed|worried|heartbroken|angry|bad day|happy|excited)\b/i.test(
      plain,
    )
  )
    return "feeling";
  if (text.startsWith("*")) return "action";
  return "statement";
}

const STOPWORDS = new Set(
  "the a an and or but if then so to of in on at by for with about from into over under this that these those there here it its it's i i'm me my mine you you're your yours we our they them their what who where when why how which do does did is are was were be been have has had can could would will should shall just really very not no yes okay ok like get got tell know think want around about again still maybe something anything everything nothing someone anyone please thanks thank much many some any more most other another come going gonna wanna show give take make need help look feel said says talk back down away well even also only never always ever than yours ours hers theirs this that with them they what whats wait sure right".split(
    " ",
  ),
);

/** One word of the user's message worth echoing as a topic (never the whole message), or null. */
export function topicOf(message: string) {
  const words = message
    .replace(/\*[^*]*\*/g, " ")
    .toLowerCase()
    .match(/[a-z][a-z'-]{3,}/g);
  // Nouns make better topics than verbs and adverbs ("the lighthouse", not "working").
  const candidates = (words ?? []).filter((w) => !STOPWORDS.has(w) && !/(ing|ed|ly)$/.test(w));
  if (candidates.length < 1 || (words ?? []).length < 2) return null;
  return candidates.reduce((a, b) => (b.length > a.length ? b : a));
}

/** The traits the card gives: its personality field, else adjectives found in the persona. */
function traitLine(card: CharacterHints, pick: <T>(list: readonly T[]) => T) {
  const text = `${card.personality ?? ""} ${card.persona}`.toLowerCase();
  const matching = TRAIT_LINES.filter((group) => group.traits.some((t) => new RegExp(`\\b${t}\\b`).test(text)));
  return pick(matching.length ? pick(matching).lines : ANY_LINES);
}

/** Which family of gestures fits the card. */
function mood(card: CharacterHints): keyof typeof ACTIONS {
  const text = `${card.personality ?? ""} ${card.persona} ${card.tags.join(" ")}`.toLowerCase();
  if (/\b(shy|timid|nervous|flustered|submissive)\b/.test(text)) return "shy";
  if (/\b(stern|strict|commanding|dominant|cold|disciplined)\b/.test(text)) return "stern";
  if (/\b(playful|mischievous|teasing|cheeky|flirt\w*|bubbly)\b/.test(text)) return "playful";
  if (/\b(dry|sarcastic|aloof|cynical|gruff|grumpy|blunt)\b/.test(text)) return "cool";
  return "warm";
}

/** A spoken line from the card's example dialogue, in the character's own voice, or null. */
function ownLine(card: CharacterHints, pick: <T>(list: readonly T[]) => T) {
  const lines = (card.exampleDialogue ?? "")
    .split("\n")
    .filter((l) => /^\s*\{\{char\}\}\s*:/i.test(l))
    .map((l) =>
      l
        .replace(/^\s*\{\{char\}\}\s*:\s*/i, "")
        .replace(/\*[^*]*\*/g, "")
        .replace(/["“”]/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((l) => l.length > 12 && l.length < 160 && !/\{\{/.test(l));
  return lines.length ? pick(lines) : null;
}

/** Where a scenario is set, from its first "in/at/on the ..." phrase, or null when it does not say. */
export function sceneOf(scenario: string | null | undefined) {
  const match = (scenario ?? "").match(/\b(?:in|at|on|inside|aboard)\s+((?:the|a|an)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})/i);
  return match ? match[1].replace(/[.,;:!?].*$/, "") : null;
}

/** Where the scene is: the scenario's place, else somewhere. */
const placeOf = (card: CharacterHints) => sceneOf(card.scenario) ?? SOMEWHERE;

/** Whether the card writes speech in quotes ("Hello.") or bare after the action (*waves* Hello.). */
const quotesSpeech = (card: CharacterHints) => /"[^"]{3,}"/.test(`${card.greeting ?? ""}\n${card.exampleDialogue ?? ""}`);

/** The reply: an action, an answer in kind, a line that shows who they are, and a hook. */
export function offlineReply(card: CharacterHints, input: { message: string; seed: string; maxWords: number; recent?: string }) {
  const pick = chooser(hash(`${input.seed}|${card.name}|${input.message}`));
  const name = shortName(card.name);
  const p = pronounsFor(card.tags);
  const topic = topicOf(input.message);
  const fill = (text: string) =>
    text
      .replaceAll("{name}", () => name)
      .replaceAll("{user}", () => card.userName)
      .replaceAll("{their}", p.their)
      .replaceAll("{them}", p.them)
      .replaceAll("{they}", p.they)
      .replaceAll("{place}", () => placeOf(card))
      .replaceAll("{topic}", () => topic ?? "that");
  // Lines the character said in the last few replies are left out, so a conversation does not repeat itself.
  const recent = input.recent ?? "";
  const fresh = (list: readonly string[]) => {
    const unused = list.filter((line) => !recent.includes(fill(line)));
    return unused.length ? unused : list;
  };
  const intent = intentOf(input.message);
  const answers = fresh(ANSWERS[intent].filter((line) => topic || !line.includes("{topic}")));
  const own = () => pick(fresh([traitLine(card, pick), traitLine(card, pick), ownLine(card, pick) ?? traitLine(card, pick)]));
  const said = [pick(answers), own(), pick(fresh(HOOKS))].map(fill);
  const quote = quotesSpeech(card);
  const speech = (line: string) => (quote ? `"${line}"` : line);
  const reply = `*${fill(pick(fresh(ACTIONS[mood(card)])))}* ${speech(said[0])} ${speech(`${said[1]} ${said[2]}`)}`;
  // Roughly one token per word: the response length caps the reply, and asterisks stay paired.
  const words = reply.split(" ");
  if (words.length <= input.maxWords) return reply;
  const cut = words.slice(0, Math.max(8, input.maxWords)).join(" ");
  return (cut.split("*").length % 2 === 0 ? `${cut}*` : cut).replace(/"([^"]*)$/, '"$1"');
}
