import { REGISTERS, VOICES, type AnswerIntent, type Register, type Voice } from "./offline-lines/voices";
import { ACTIONS, SOMEWHERE, TRAIT_LINES } from "./offline-lines/writer";
import { shortName } from "~/lib/character-name";
import type { CharacterHints } from "./types";

/**
 * The offline demo writer (decision 015): a reply stitched from the character's card, their lorebook
 * and the kind of thing the user said, never from the user's own words, in the voice of the character's kind
 * (offline-lines/voices): no stock line is shared by two kinds. The same message id gives the same reply;
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

type Intent = AnswerIntent | "identity";

/** What the user did: asked who the character is, asked, acted, greeted, shared a feeling, said goodbye, or said something. */
export function intentOf(message: string): Intent {
  const text = message.trim();
  const plain = text.replace(/\*[^*]*\*/g, " ").trim();
  if (/^\*[^*]+\*$/.test(text) || (!plain && text.includes("*"))) return "action";
  if (/\b(who|what) are you\b|\b(tell me|talk) about yourself\b|\bwhat('s| is) your name\b|\bintroduce yourself\b/i.test(plain)) return "identity";
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

/** One word worth naming as a topic (the story writer takes it from the premise), or null; chat replies never echo one. */
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

/** The traits the card gives: its personality field, else adjectives found in the persona; else an aside in the character's voice. */
function traitLine(card: CharacterHints, voice: Voice, pick: <T>(list: readonly T[]) => T) {
  const text = `${card.personality ?? ""} ${card.persona}`.toLowerCase();
  const matching = TRAIT_LINES.filter((group) => group.traits.some((t) => new RegExp(`\\b${t}\\b`).test(text)));
  return pick(matching.length ? pick(matching).lines : voice.asides);
}

/** The kind of voice the card speaks in: by its tags first, else by words in its persona and personality; else plain. */
export function registerOf(card: Pick<CharacterHints, "tags" | "persona" | "personality">): Register {
  const tags = card.tags.map((tag) => tag.toLowerCase());
  const text = `${card.personality ?? ""} ${card.persona}`.toLowerCase();
  return (REGISTERS.find((r) => r.tags.some((tag) => tags.includes(tag))) ?? REGISTERS.find((r) => r.words.test(text)))?.name ?? "plain";
}

/**
 * The character's own share of their register's lines: each pool ordered by a hash of the character's name and
 * its first half kept, so two characters of one kind mostly draw on different lines (they may still share some).
 */
export function voiceOf(card: CharacterHints): Voice {
  const voice = VOICES[registerOf(card)];
  const share = (pool: string, lines: readonly string[]) =>
    lines
      .map((line) => ({ line, order: hash(`${card.name}|${pool}|${line}`) }))
      .sort((a, b) => a.order - b.order)
      .slice(0, Math.max(3, Math.ceil(lines.length / 2)))
      .map(({ line }) => line);
  const answers = Object.fromEntries(Object.entries(voice.answers).map(([intent, lines]) => [intent, share(intent, lines)]));
  return { ...voice, answers: answers as Voice["answers"], asides: share("asides", voice.asides), hooks: share("hooks", voice.hooks) };
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

/**
 * A place phrase: "in/at/on the ..." of at most six words, ending where the clause or the next
 * preposition does, so it is never cut mid-phrase ("on the eve of a dangerous job" is whole or nothing).
 */
const PLACE =
  /\b(?:in|at|on|inside|aboard)\s+((?:the|a|an)\s+([a-z][\w'-]*)(?:\s+[a-z][\w'-]*){0,4}?)(?=\s*(?:[.,;:!?)]|$)|\s+(?:and|but|where|while|when|with|as|who|which|that|to|for|after|before|during|on|in|at|near|by|beyond|under|above|across|from)\b)/gi;
/** Phrases that say when or how, not where: "on the eve of…", "on the brink of…", "on the way". */
const NOT_A_PLACE = /^(?:eve|brink|verge|cusp|day|way|run|behalf|side|hunt|trail)$/i;

/** Where a scenario is set, from its first place phrase, or null when it does not say. */
export function sceneOf(scenario: string | null | undefined) {
  for (const match of (scenario ?? "").matchAll(PLACE)) if (!NOT_A_PLACE.test(match[2])) return match[1];
  return null;
}

/** Where the scene is: the scenario's place, else somewhere. */
const placeOf = (card: CharacterHints) => sceneOf(card.scenario) ?? SOMEWHERE;

/** Whether the card writes speech in quotes ("Hello.") or bare after the action (*waves* Hello.). */
const quotesSpeech = (card: CharacterHints) => /"[^"]{3,}"/.test(`${card.greeting ?? ""}\n${card.exampleDialogue ?? ""}`);

/** The first few sentences of a card text, without W++ blocks, markup or example chats. */
function sentencesOf(text: string) {
  return (
    text
      .replace(/^[^:\n]{1,120}'s Persona:\s*/, "")
      .split(/\n+/)
      .filter((line) => !/^\s*(\[|\{\{user\}\}:|\{\{char\}\}:|<START>|#)/i.test(line))
      .join(" ")
      .split(/(?<=[.!?])\s+/)
      // Narration marks and brackets go; double quotes become single, as the reply may quote the whole line.
      .map((sentence) =>
        sentence
          .replace(/[*_[\]]/g, "")
          .replace(/["“”]/g, "'")
          .trim(),
      )
      .filter((sentence) => sentence.length > 8)
  );
}

/** Who the character is, in their own words: the card's first "Name is a ..." sentence as "I'm a ...", or null. */
export function selfDescription(card: CharacterHints) {
  const names = ["{{char}}", card.name, shortName(card.name), "She", "He", "They"].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`^(?:${names.join("|")})\\s+(is|was|are)\\s+(.{8,240}[.!?])$`);
  for (const sentence of sentencesOf(card.persona).slice(0, 6)) {
    const found = sentence.match(pattern);
    if (found && !/\{\{char\}\}/.test(found[2])) return `${found[1] === "was" ? "I was" : "I'm"} ${found[2]}`;
  }
  return null;
}

/** How a character starts saying back something the chat keeps in memory. */
const RECALL_OPENERS = ["Of course I remember.", "How could I forget?", "I remember it well.", "You told me, and I kept it."] as const;

/** What the lorebook entry the user's words called up says, in at most two sentences, or null. */
function loreWords(card: CharacterHints) {
  const entry = card.lore?.find((text) => sentencesOf(text).length);
  if (!entry) return null;
  return sentencesOf(entry).slice(0, 2).join(" ").replaceAll("{{char}}", shortName(card.name)).replaceAll("{{user}}", card.userName);
}

/** How a character in a group turns to another member (issue 26). */
const GROUP_HOOKS = [
  "What do you make of it, {other}?",
  "{other}, you have been quiet. Say something.",
  "Tell {user} I am right, {other}.",
  "Your turn, {other}.",
  "Don't look at me like that, {other}.",
];

/** The reply: an action, an answer in kind, a line that shows who they are, and a hook. */
export function offlineReply(card: CharacterHints, input: { message: string; seed: string; maxWords: number; recent?: string }) {
  const pick = chooser(hash(`${input.seed}|${card.name}|${input.message}`));
  const name = shortName(card.name);
  const p = pronounsFor(card.tags);
  const fill = (text: string) =>
    text
      .replaceAll("{name}", () => name)
      .replaceAll("{user}", () => card.userName)
      .replaceAll("{their}", p.their)
      .replaceAll("{them}", p.them)
      .replaceAll("{they}", p.they)
      .replaceAll("{place}", () => placeOf(card));
  // Lines the character said in the last few replies are left out, so a conversation does not repeat itself.
  const recent = input.recent ?? "";
  const fresh = (list: readonly string[]) => {
    const unused = list.filter((line) => !recent.includes(fill(line)));
    return unused.length ? unused : list;
  };
  const intent = intentOf(input.message);
  const voice = voiceOf(card);
  // Who they are: a line of their traits, an aside in their kind's voice, or a line from their card's example dialogue.
  const own = () => pick(fresh([traitLine(card, voice, pick), pick(fresh(voice.asides)), ownLine(card, pick) ?? traitLine(card, voice, pick)]));
  const lore = intent === "greeting" || intent === "farewell" || intent === "feeling" ? null : loreWords(card);
  // Asked who they are: who the card says they are. Asked about something in their lorebook: what the book says.
  // Asked whether they remember something the chat keeps in memory: they do (issue 25).
  const answer = card.recalled
    ? `${pick(RECALL_OPENERS)} ${card.recalled}`
    : intent === "identity"
      ? `${pick(voice.introductions)} ${selfDescription(card) ?? own()}`
      : lore && !recent.includes(lore)
        ? `${pick(fresh(voice.loreOpeners))} ${lore}`
        : pick(fresh(voice.answers[intent]));
  // In a group, the hook may turn to another member by name (issue 26).
  const other = card.others?.length ? pick(card.others) : null;
  const hook = other ? pick(GROUP_HOOKS).replaceAll("{other}", shortName(other)) : pick(fresh(voice.hooks));
  const said = [answer, own(), hook].map(fill);
  const quote = quotesSpeech(card);
  const speech = (line: string) => (quote ? `"${line}"` : line);
  const reply = `*${fill(pick(fresh([...ACTIONS[mood(card)], ...voice.gestures])))}* ${speech(said[0])} ${speech(`${said[1]} ${said[2]}`)}`;
  // Roughly one token per word: the response length caps the reply, and asterisks stay paired.
  const words = reply.split(" ");
  if (words.length <= input.maxWords) return reply;
  const cut = words.slice(0, Math.max(8, input.maxWords)).join(" ");
  return (cut.split("*").length % 2 === 0 ? `${cut}*` : cut).replace(/"([^"]*)$/, '"$1"');
}
