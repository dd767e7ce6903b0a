/**
 * Recall (issue 62, decision 088): old moments of a chat that come back into the prompt when the
 * conversation touches them again. The person's object finds them (full-text search, BM25, in its
 * own SQLite: user-store/recall.ts); this part is pure and shared: which words of the last turns to
 * look for, and which of the moments found go into the prompt, within its token budget.
 */
import { estimateTokens } from "~/lib/tokens";

/** A message as recall hands it back. */
export type RecallRow = { id: string; role: "user" | "character" | "system"; content: string; speakerId: string | null; createdAt: number };
/** A message found for the last turns, with the messages before and after it on the branch, so it reads in context. */
export type RecallMoment = { hit: RecallRow; before: RecallRow | null; after: RecallRow | null };
/**
 * What a reply's prompt may recall: the words to look for, the first message of the prompt's window
 * (only older ones are recalled), and the person's last message, whose meaning hybrid recall looks for (decision 089).
 */
export type RecallAsk = { terms: string[]; windowStart: string; query?: { id: string; text: string } };

/** How many of the newest messages the query is made of: the person's last words and the two before. */
export const RECALL_QUERY_MESSAGES = 3;
/** The most words one query looks for. */
export const RECALL_QUERY_TERMS = 24;
/** The most moments one prompt recalls. */
export const RECALL_MOMENTS = 4;

// Words too common to say what a message is about (English; other languages keep theirs, and BM25 weighs common ones low).
const COMMON = new Set(
  (
    "the and but for nor yet with without into onto from about above below after before again against all any are was were been being " +
    "have has had having does did doing done not can could should would will shall may might must our ours you your yours his her hers " +
    "its they them their theirs what which who whom whose this that these those then than there here when where why how each few more " +
    "most other some such only own same too very just also even ever still really well okay yeah yes now get got let make made like " +
    "know think said say says tell told want went come came going look looks looked back way thing things something anything nothing " +
    "one two out off over under again him she he it's i'm you're don't didn't can't won't i've i'll i'd that's what's there's let's"
  )
    .split(" ")
    .map((w) => w.replace(/'/g, "")),
);

/** Lower case, without accents: as SQLite's unicode61 tokenizer (remove_diacritics 2) folds words. */
const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The words of the last turns worth looking for: three letters or more, not common, the person's
 * last message first. Names and rare words weigh most by themselves: BM25 scores a word by how few
 * messages have it.
 */
export function recallTerms(recent: string[]): string[] {
  const terms: string[] = [];
  for (const text of [...recent].reverse()) {
    const plain = text.replace(/\{\{?\w+\}?\}/g, " ");
    for (const raw of plain.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []) {
      const word = fold(raw.replace(/['’]s$/, "").replace(/['’]/g, ""));
      if (word.length < 3 || COMMON.has(word) || /^\d{1,2}$/.test(word) || terms.includes(word)) continue;
      terms.push(word);
      if (terms.length === RECALL_QUERY_TERMS) return terms;
    }
  }
  return terms;
}

/** The words as an FTS5 query: any of them, each quoted (so no word is read as an operator), plural and singular alike. */
export function recallMatch(terms: string[]) {
  const forms = new Set<string>();
  for (const t of terms) {
    forms.add(t);
    if (t.length > 3 && t.endsWith("s")) forms.add(t.slice(0, -1));
    else if (!t.endsWith("s")) forms.add(`${t}s`);
  }
  return [...forms].map((t) => `"${t.replace(/"/g, "")}"`).join(" OR ");
}

/**
 * What recall looks for before a reply, once the prompt's window is known (it starts at
 * `history[windowStart]`, planned with recall's share set aside): the words of the last turns, in
 * messages older than the window. Null when the whole branch is in the prompt (no running summary
 * stands for an older part, and nothing was left out), or there is nothing to look for.
 */
export function askRecall(history: { id?: string; role?: string; content: string }[], windowStart: number, summarised: boolean): RecallAsk | null {
  if (!summarised && !windowStart) return null;
  const first = history[windowStart]?.id;
  const recent = history.slice(-RECALL_QUERY_MESSAGES);
  const terms = recallTerms(recent.map((m) => m.content));
  const said = [...recent].reverse().find((m) => m.role === "user" && m.id && m.content.trim());
  const query = said?.id ? { id: said.id, text: said.content } : undefined;
  return first && (terms.length || query) ? { terms, windowStart: first, ...(query ? { query } : {}) } : null;
}

/**
 * The moments that go into the prompt, best first, within `budget` tokens: never a message of the
 * prompt's `window` or one `pinned` already, never one twice. Each is written with its neighbours,
 * oldest first, a line each with who said it (`nameOf`); the prompt gets them in the order they were
 * said. `recalled` names the messages found (not their neighbours): what the reply says it remembered.
 */
export function chooseRecalled(
  moments: RecallMoment[],
  options: { window: { id?: string }[]; pinned: (string | null)[]; budget: number; nameOf: (m: RecallRow) => string },
) {
  const used = new Set([...options.window.map((m) => m.id), ...options.pinned].filter((id): id is string => !!id));
  let left = options.budget;
  const chosen: { at: number; text: string; id: string }[] = [];
  for (const moment of moments) {
    if (chosen.length === RECALL_MOMENTS) break;
    if (used.has(moment.hit.id)) continue;
    const rows = [moment.before, moment.hit, moment.after].filter((m): m is RecallRow => !!m && !used.has(m.id) && m.role !== "system" && !!m.content.trim());
    const text = rows.map((m) => `${options.nameOf(m)}: ${m.content.replace(/\s+/g, " ").trim()}`).join("\n");
    const cost = estimateTokens(text);
    if (cost > left) continue;
    left -= cost;
    for (const m of rows) used.add(m.id);
    chosen.push({ at: moment.hit.createdAt, text, id: moment.hit.id });
  }
  chosen.sort((a, b) => a.at - b.at);
  return { recalled: chosen.map((c) => c.id), block: chosen.map((c) => c.text) };
}

/**
 * The prompt planned with what recall chose: when it chose something, the window stays as narrow as
 * recall's share left it (from `windowStart`), else the prompt has the whole context. `dropped` is how
 * many of `history`'s oldest the prompt left out (what the running summary folds in next).
 */
export function planWithRecalled<H, P extends { dropped: unknown[] }>(
  history: H[],
  windowStart: number,
  found: { recalled: string[]; block: string[] },
  plan: (history: H[], recalled?: string[]) => P,
) {
  if (!found.recalled.length) {
    const planned = plan(history);
    return { planned, dropped: planned.dropped.length };
  }
  const planned = plan(history.slice(windowStart), found.block);
  return { planned, dropped: windowStart + planned.dropped.length };
}

/** What a reply was written with (issue 62): the memories pinned, the messages recalled, whether the running summary was in, and the lorebook entries. */
export type MemoryUsed = { pins: string[]; recalled: string[]; summary: boolean; lore: string[] };
export const NOTHING_USED: MemoryUsed = { pins: [], recalled: [], summary: false, lore: [] };
