import { describe, expect, it } from "vitest";
import { characterInputSchema } from "~/lib/forms/character";
import { zodMessage } from "~/lib/forms/errors";
import { fromLoreDraft, NEW_LORE_ENTRY, readLorebookFile, toLoreDraft, withLorebook } from "~/lib/forms/lorebook";
import { readLorebook, toCharacterBook } from "~/lib/lorebook";

const book = readLorebook({ entries: [{ keys: ["river"], content: "The river floods in spring.", extensions: {}, enabled: true, insertion_order: 5 }] })!;

describe("the character form's lorebook", () => {
  it("keys are typed comma-separated; blank entries are left out; no entries is no book", () => {
    const draft = toLoreDraft(book);
    expect(draft.entries[0]).toMatchObject({ keys: "river", order: "5" });
    const typed = { ...draft, entries: [{ ...draft.entries[0], keys: " river, the ford ,," }, NEW_LORE_ENTRY] };
    expect(fromLoreDraft(typed)!.entries).toEqual([{ ...book.entries[0], keys: ["river", "the ford"] }]);
    expect(fromLoreDraft({ ...draft, entries: [NEW_LORE_ENTRY] })).toBeNull();
  });

  it("saving a book replaces only character_book; removing it keeps the other extras", () => {
    const extras = { personality: "calm", character_book: { entries: [] }, extensions: { world: "x" } };
    expect(withLorebook(extras, book)).toEqual({ personality: "calm", extensions: { world: "x" }, character_book: toCharacterBook(book) });
    expect(withLorebook(extras, null)).toEqual({ personality: "calm", extensions: { world: "x" } });
    expect(withLorebook(undefined, null)).toBeUndefined();
  });

  it("imports World Info, a character_book or a whole card, and says so when a file is none of them", async () => {
    const file = (value: unknown) => new File([typeof value === "string" ? value : JSON.stringify(value)], "book.json");
    const card = { spec: "chara_card_v2", data: { name: "Wren", character_book: toCharacterBook(book) } };
    expect(await readLorebookFile(file(card))).toEqual({ ok: true, book });
    expect(await readLorebookFile(file({ entries: { "0": { key: ["river"], content: "Wet." } } }))).toMatchObject({ ok: true });
    expect(await readLorebookFile(file({ spec: "chara_card_v2", data: { name: "Wren" } }))).toEqual({
      ok: false,
      error: expect.stringContaining("not a lorebook"),
    });
    expect(await readLorebookFile(file("{ nope"))).toEqual({ ok: false, error: expect.stringContaining("not valid JSON") });
  });

  it("the safety rules cover entry contents, naming the entry", () => {
    const unsafe = { ...book, entries: [...book.entries, { ...book.entries[0], name: "Ferry", content: "The ferry girl is 12 years old and rows the boat." }] };
    const parsed = characterInputSchema.safeParse({ name: "Wren", cardExtras: { character_book: toCharacterBook(unsafe) } });
    expect(parsed.success).toBe(false);
    expect(zodMessage(parsed.error!)).toBe(
      'character_book: Lorebook entry 2 ("Ferry") can\'t be saved. "12 years old" is not allowed. Characters must be adults, and our rules forbid this content (see /rules).',
    );
    expect(characterInputSchema.safeParse({ name: "Wren", cardExtras: { character_book: toCharacterBook(book) } }).success).toBe(true);
  });
});
