/**
 * The character form's lorebook as it is being typed (keys and order as the text in their inputs),
 * and how it goes back into the card's extras on save.
 */
import { readLorebook, toCharacterBook, type Lorebook } from "~/lib/lorebook";
import { CARD_EXTRAS_MAX } from "~/lib/forms/character";
import { LOREBOOK_MESSAGES as LORE } from "~/spec/messages";

export type LoreEntryDraft = { name: string; keys: string; content: string; order: string; constant: boolean; enabled: boolean };
export type LoreDraft = Omit<Lorebook, "entries"> & { entries: LoreEntryDraft[] };

/** SillyTavern's default order, for new entries and an order left blank. */
const DEFAULT_ORDER = 100;
export const NEW_LORE_ENTRY: LoreEntryDraft = { name: "", keys: "", content: "", order: String(DEFAULT_ORDER), constant: false, enabled: true };

/** A stored or imported book as the editor's draft (an empty draft for none). */
export function toLoreDraft(book: Lorebook | null): LoreDraft {
  return {
    name: book?.name ?? "",
    tokenBudget: book?.tokenBudget ?? null,
    scanDepth: book?.scanDepth ?? null,
    entries: (book?.entries ?? []).map((e) => ({ ...e, keys: e.keys.join(", "), order: String(e.insertionOrder) })),
  };
}

/** The draft as a book, leaving out entries with nothing typed in them; null when none is left. */
export function fromLoreDraft(draft: LoreDraft): Lorebook | null {
  const entries = draft.entries
    .filter((e) => e.name.trim() || e.keys.trim() || e.content.trim())
    .map(({ keys, order, ...e }) => ({
      ...e,
      name: e.name.trim(),
      keys: keys
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
      insertionOrder: Number.isFinite(Number(order)) && order.trim() ? Math.round(Number(order)) : DEFAULT_ORDER,
    }));
  return entries.length ? { ...draft, entries } : null;
}

/** The card's extras with this book as character_book (or without one); other extras stay as they are. */
export function withLorebook(extras: Record<string, unknown> | null | undefined, book: Lorebook | null) {
  if (!extras && !book) return undefined;
  const { character_book: _replaced, ...rest } = extras ?? {};
  return book ? { ...rest, character_book: toCharacterBook(book) } : rest;
}

/** A lorebook from a chosen file: World Info, a character_book, or a whole card holding one. */
export async function readLorebookFile(file: File): Promise<{ ok: true; book: Lorebook } | { ok: false; error: string }> {
  if (file.size > CARD_EXTRAS_MAX) return { ok: false, error: LORE.tooLarge(CARD_EXTRAS_MAX / 1000) };
  let value: unknown;
  try {
    value = JSON.parse((await file.text()).replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, error: LORE.notJson };
  }
  const card = value as { data?: { character_book?: unknown }; character_book?: unknown } | null;
  const book = readLorebook(card?.data?.character_book ?? card?.character_book ?? value);
  return book ? { ok: true, book } : { ok: false, error: LORE.notALorebook };
}
