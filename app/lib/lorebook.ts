/**
 * Lorebooks (world info): entries of background a card carries, put into the prompt when their keys
 * come up in the chat. Read from the two shapes people bring: a Character Card V2 `character_book`
 * and a SillyTavern World Info file; stored in the V2 shape in cardExtras.character_book.
 */
import { estimateTokens } from "~/lib/tokens";

export type LoreEntry = { name: string; keys: string[]; content: string; insertionOrder: number; constant: boolean; enabled: boolean };
export type Lorebook = { name: string; entries: LoreEntry[]; tokenBudget: number | null; scanDepth: number | null };

/** SillyTavern's order for an entry that gives none. */
const DEFAULT_ORDER = 100;

/**
 * What a book may make a reply do (a public card's book runs on every reply with it): entries and
 * keys read, a key's length, messages and characters scanned. Past these, the rest is ignored.
 */
export const LORE_CAPS = { entries: 200, keysPerEntry: 20, keyLength: 100, scanDepth: 20, scannedChars: 20_000 } as const;

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => !!v && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" ? v : "");
const positive = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);
const keyList = (v: unknown) =>
  (Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [])
    .filter((k): k is string => typeof k === "string")
    .map((k) => k.trim())
    .filter((k) => k && k.length <= LORE_CAPS.keyLength)
    .slice(0, LORE_CAPS.keysPerEntry);

/** A V2 `character_book` entry (enabled unless it says otherwise). */
const fromV2 = (e: Fields): LoreEntry => ({
  name: text(e.name) || text(e.comment),
  keys: keyList(e.keys),
  content: text(e.content),
  insertionOrder: typeof e.insertion_order === "number" ? e.insertion_order : DEFAULT_ORDER,
  constant: e.constant === true,
  enabled: e.enabled !== false,
});

/** A SillyTavern World Info entry (`key`, `order`, `disable`, its title in `comment`). */
const fromWorldInfo = (e: Fields): LoreEntry => ({
  name: text(e.comment),
  keys: keyList(e.key),
  content: text(e.content),
  insertionOrder: typeof e.order === "number" ? e.order : DEFAULT_ORDER,
  constant: e.constant === true,
  enabled: e.disable !== true,
});

/** A lorebook from a Character Card V2 `character_book` or a SillyTavern World Info file ({ entries: { [uid]: { key, keysecondary, content, order, constant, disable, comment } } }); null when it is neither or has no entries. */
export function readLorebook(value: unknown): Lorebook | null {
  if (!isObject(value)) return null;
  const raw = value.entries;
  const entries = Array.isArray(raw) ? raw.filter(isObject).map(fromV2) : isObject(raw) ? Object.values(raw).filter(isObject).map(fromWorldInfo) : [];
  if (!entries.length) return null;
  const depth = positive(value.scan_depth);
  return {
    name: text(value.name),
    entries: entries.slice(0, LORE_CAPS.entries),
    tokenBudget: positive(value.token_budget),
    scanDepth: depth === null ? null : Math.min(depth, LORE_CAPS.scanDepth),
  };
}

/** The book in Character Card V2 `character_book` form (what cardExtras.character_book stores and card export writes); unknown fields of entries may be dropped. */
export function toCharacterBook(book: Lorebook): Record<string, unknown> {
  return {
    name: book.name,
    ...(book.tokenBudget !== null ? { token_budget: book.tokenBudget } : {}),
    ...(book.scanDepth !== null ? { scan_depth: book.scanDepth } : {}),
    extensions: {},
    entries: book.entries.map((e, i) => ({
      id: i,
      name: e.name,
      comment: e.name,
      keys: e.keys,
      secondary_keys: [],
      content: e.content,
      extensions: {},
      enabled: e.enabled,
      insertion_order: e.insertionOrder,
      constant: e.constant,
      selective: false,
      case_sensitive: false,
      position: "before_char",
    })),
  };
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A key as a pattern: case-insensitive, any run of spaces matching any other, and whole words at a
 * word-character edge ("wood" finds "wood" and "woods" but not "woodpecker"). A plural ending is
 * allowed because keys are written singular and chats say "the Shadowfangs".
 */
function keyPattern(key: string) {
  const body = key.split(/\s+/).map(escape).join("\\s+");
  const start = WORD_CHAR.test(key[0]) ? "(?<![\\p{L}\\p{N}_])" : "";
  const end = WORD_CHAR.test(key[key.length - 1]) ? "(?:e?s)?(?![\\p{L}\\p{N}_])" : "";
  return new RegExp(`${start}${body}${end}`, "iu");
}

/** The contents to put in a prompt: `constant` entries always, and enabled entries whose keys appear (case-insensitive, whole word or phrase) in `recent` (the latest messages; use book.scanDepth when set to limit how many of the newest are scanned), in insertion_order (lower first), within `budgetTokens` (and book.tokenBudget if smaller). Tokens are estimated like app/lib/chat/prompt.ts `estimateTokens`. Constant entries are chosen before keyed ones when the budget is short; an entry that does not fit is skipped (a smaller later one may still fit). */
export function selectLore(book: Lorebook | null, recent: string[], budgetTokens: number): string[] {
  return selectLoreEntries(book, recent, budgetTokens).map((e) => e.content.trim());
}

/** What names a lorebook entry in "What it remembered": its first key, else its title. */
export const loreKey = (e: LoreEntry) => e.keys[0] ?? e.name;

/** The entries selectLore chooses, in the order they go in. */
export function selectLoreEntries(book: Lorebook | null, recent: string[], budgetTokens: number): LoreEntry[] {
  if (!book) return [];
  const scanned = (book.scanDepth ? recent.slice(-book.scanDepth) : recent).join("\n").slice(-LORE_CAPS.scannedChars);
  const lower = scanned.toLowerCase();
  const usable = book.entries.filter((e) => e.enabled && e.content.trim());
  const ordered = usable.map((e, i) => ({ e, i })).sort((a, b) => a.e.insertionOrder - b.e.insertionOrder || a.i - b.i);
  // A cheap substring test first: the pattern is only built for a key that could match.
  const hit = (key: string) => lower.includes(key.toLowerCase().split(/\s+/)[0]) && keyPattern(key).test(scanned);
  const matched = ordered.filter(({ e }) => !e.constant && e.keys.some(hit));
  let left = Math.min(budgetTokens, book.tokenBudget ?? Infinity);
  const chosen = new Set<number>();
  for (const { e, i } of [...ordered.filter(({ e }) => e.constant), ...matched]) {
    const cost = estimateTokens(e.content);
    if (cost > left) continue;
    chosen.add(i);
    left -= cost;
  }
  return ordered.filter(({ i }) => chosen.has(i)).map(({ e }) => e);
}
