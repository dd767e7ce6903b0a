/**
 * The running summary of a long chat (issue 25, decision 045): what falls out of the prompt is folded
 * into one summary, written in the third person, capped at SUMMARY_MAX_CHARS. The prompt that asks a
 * model for it, and the offline writer's own extractive summary, so the feature works without a
 * model server. Pure: the object and the tests share it.
 */
import type { PromptMessage } from "~/lib/providers/text/types";
import { fillPlaceholders } from "./prompt";

/** The summary's cap: about 300 tokens, a small share of even a 2,048-token context. */
export const SUMMARY_MAX_CHARS = 1200;
/** The prompt space a summary reply may take. */
export const SUMMARY_MAX_TOKENS = 400;
/** Once messages fall out of the prompt, this many more are folded in too, so a summary is written every few exchanges, not every reply. */
export const SUMMARY_AHEAD = 8;
/** The newest messages are never folded into the summary: they are always in the prompt as they are. */
export const SUMMARY_KEEP_RECENT = 4;
/**
 * However much the prompt holds, the summary is brought up to date every SUMMARY_EVERY messages
 * past its point, folding all but the newest SUMMARY_KEEP_VERBATIM (issue 62): so a chat has a summary
 * to see and correct after its first thirty messages, not only once it outgrows the model.
 */
export const SUMMARY_EVERY = 20;
export const SUMMARY_KEEP_VERBATIM = 10;
/** How many more messages until the summary is next brought up to date, with `unfolded` messages past its point now. */
export const messagesToNextSummary = (unfolded: number) => Math.max(1, SUMMARY_EVERY + SUMMARY_KEEP_VERBATIM - unfolded);
/**
 * The most text one summary folds in (about 2,000 tokens): a long backlog (an imported chat of
 * thousands of messages) is folded oldest first, a part after each reply, and never sent whole.
 */
export const SUMMARY_FOLD_MAX_CHARS = 8000;

export type Transcript = { role: "user" | "character"; content: string }[];
type Names = { user: string; character: string };

const line = (m: Transcript[number], names: Names) => `${m.role === "user" ? names.user : names.character}: ${m.content.replace(/\s+/g, " ").trim()}`;

/** The request for a model: fold these messages into the summary so far. */
export function summaryPrompt(previous: string, transcript: Transcript, names: Names): PromptMessage[] {
  return [
    {
      role: "system",
      content:
        `You keep the memory of a roleplay chat between ${names.user} and ${names.character}. ` +
        "Rewrite the summary so far to also cover the new messages. Write in the third person, in plain prose, " +
        "keeping names, facts about each person, relationships, promises and the current situation; drop small talk. " +
        `At most ${Math.floor(SUMMARY_MAX_CHARS / 6)} words. Answer with the summary only.`,
    },
    {
      role: "user",
      content: `Summary so far:\n${previous || "(none yet)"}\n\nNew messages:\n${transcript.map((m) => line(m, names)).join("\n")}`,
    },
  ];
}

/** A summary cut to the cap at a sentence (or a word), never mid-word. */
export function clipSummary(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SUMMARY_MAX_CHARS) return flat;
  const cut = flat.slice(0, SUMMARY_MAX_CHARS);
  const sentence = cut.lastIndexOf(". ");
  if (sentence > SUMMARY_MAX_CHARS / 2) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).trimEnd()}…`;
}

/** The person's words told in the third person: "I" and "my" become their name. */
function thirdPerson(text: string, name: string) {
  return text
    .replace(/\*[^*]*\*/g, " ")
    .replace(/\bI am\b|\bI'm\b/gi, `${name} is`)
    .replace(/\bI was\b/g, `${name} was`)
    .replace(/\bI have\b|\bI've\b/gi, `${name} has`)
    .replace(/\bI\b/g, name)
    .replace(/\bmy\b/gi, `${name}'s`)
    .replace(/\bme\b/gi, name)
    .replace(/\s+/g, " ")
    .trim();
}

/** A sentence that names something (a name, a place, a number), not only the two people talking. */
function namesSomething(sentence: string, names: Names) {
  const words = sentence.split(/\s+/).slice(1);
  const own = new Set([names.user, names.character, ...names.character.split(" ")].map((n) => n.replace(/'s$/, "")));
  return (
    /\d/.test(sentence) ||
    words.some((w) => /^[A-Z][a-z]/.test(w) && !own.has(w.replace(/[^A-Za-z-]/g, "").replace(/s$/, "")) && !own.has(w.replace(/[^A-Za-z-]/g, "")))
  );
}

/**
 * The offline writer's summary: what the person said, sentence by sentence, in the third person. At
 * the cap, sentences that name something (a name, a place, a number) are kept first, the oldest of
 * them first (facts told early matter as much as new ones); the rest of the room goes to the newest
 * other sentences. No model is involved, so nothing is made up.
 */
export function offlineSummary(previous: string, transcript: Transcript, names: Names) {
  const said = transcript
    .filter((m) => m.role === "user")
    .flatMap((m) => thirdPerson(m.content, names.user).match(/[^.!?]+[.!?]?/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.split(" ").length >= 3 && !s.endsWith("?"))
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
  const sentences = [...new Set([...(previous.match(/[^.!?]+[.!?]/g) ?? []).map((s) => s.trim()), ...said])];
  const keep = new Set<number>();
  let length = 0;
  const take = (i: number) => {
    if (keep.has(i) || length + sentences[i].length + 1 > SUMMARY_MAX_CHARS) return;
    keep.add(i);
    length += sentences[i].length + 1;
  };
  sentences.forEach((sentence, i) => namesSomething(sentence, names) && take(i));
  for (let i = sentences.length - 1; i >= 0; i--) take(i);
  return sentences.filter((_, i) => keep.has(i)).join(" ");
}

/** "Summarise now" (issue 62): everything past the summary's point but the newest SUMMARY_KEEP_RECENT (a long backlog a part at a time); null when nothing is. */
export const summaryJobNow = (history: { id: string; role: string; content: string }[], previous: string | null, names: Names) =>
  summaryJob(history, Math.max(0, history.length - SUMMARY_KEEP_RECENT), previous, names);

/** The running summary of a branch: the one up to its deepest message that has one, and where the messages after it start. */
export function summaryOnBranch(summaries: { throughMessageId: string; text: string }[], path: { id: string }[]) {
  const byPoint = new Map(summaries.map((s) => [s.throughMessageId, s.text]));
  for (let i = path.length - 1; i >= 0; i--) {
    const text = byPoint.get(path[i].id);
    if (text !== undefined) return { throughMessageId: path[i].id, text, after: i + 1 };
  }
  return { throughMessageId: null, text: null, after: 0 };
}

/** What the running summary folds in: the summary so far, and the messages up to `throughMessageId` that follow it. */
export type SummaryJob = { previous: string; throughMessageId: string; transcript: Transcript; names: Names };

/**
 * What the running summary folds in after a reply (decision 045): once messages fall out of the
 * prompt, those and SUMMARY_AHEAD more (never the newest SUMMARY_KEEP_RECENT), so a summary is
 * written every few exchanges rather than after every reply; and, however much fits, every
 * SUMMARY_EVERY messages (issue 62). Null otherwise. `history`
 * is the branch after the current summary, as the prompt got it; `dropped` how many of its oldest
 * messages the prompt left out.
 */
export function summaryJob(
  history: { id: string; role: string; content: string }[],
  dropped: number,
  previous: string | null,
  names: Names,
): SummaryJob | null {
  const due = history.length >= SUMMARY_EVERY + SUMMARY_KEEP_VERBATIM;
  if (!dropped && !due) return null;
  const count = Math.max(
    dropped && Math.max(dropped, Math.min(dropped + SUMMARY_AHEAD, history.length - SUMMARY_KEEP_RECENT)),
    due ? history.length - SUMMARY_KEEP_VERBATIM : 0,
  );
  const candidates = history.slice(0, count).filter((m) => m.role === "user" || m.role === "character");
  let size = 0;
  const fold = candidates.filter((m, i) => (size += m.content.length) <= SUMMARY_FOLD_MAX_CHARS || i === 0);
  if (!fold.length) return null;
  return {
    previous: previous ?? "",
    throughMessageId: fold.at(-1)!.id,
    transcript: fold.map((m) => ({ role: m.role as "user" | "character", content: fillPlaceholders(m.content, names.user, names.character) })),
    names,
  };
}
