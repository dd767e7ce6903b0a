import { describe, expect, it } from "vitest";
import { estimateTokens } from "~/lib/tokens";
import { readLorebook, selectLore, toCharacterBook, type LoreEntry, type Lorebook } from "~/lib/lorebook";

/** SillyTavern's own World Info file, read from ../shared when this machine has it. */
const shared = import.meta.glob("../../../../shared/data/cards/eldoria-lorebook.json", { eager: true, import: "default" });
const eldoria = Object.values(shared)[0] as unknown;

const v2Book = {
  name: "Greywood",
  scan_depth: 3,
  token_budget: 500,
  extensions: {},
  entries: [
    {
      keys: ["greywood", "old forest"],
      content: "The Greywood is older than the kingdom.",
      extensions: {},
      enabled: true,
      insertion_order: 10,
      name: "Forest",
    },
    { keys: ["hawk"], content: "{{char}}'s hawk is called Pip.", extensions: {}, enabled: false, insertion_order: 5, comment: "Pip" },
    { keys: [], content: "Magic is rare and feared.", extensions: {}, enabled: true, insertion_order: 1, constant: true },
  ],
};

const worldInfo = {
  entries: {
    "0": {
      uid: 0,
      key: ["river", "ford"],
      keysecondary: [],
      comment: "The river",
      content: "The river floods in spring.",
      order: 50,
      constant: false,
      disable: false,
    },
    "1": { uid: 1, key: ["tower"], keysecondary: [], comment: "", content: "The tower is empty.", order: 20, constant: false, disable: true },
  },
};

const entry = (name: string, keys: string[], extra: Partial<LoreEntry> = {}): LoreEntry => ({
  name,
  keys,
  content: `${name} lore.`,
  insertionOrder: 100,
  constant: false,
  enabled: true,
  ...extra,
});
const book = (entries: LoreEntry[], extra: Partial<Lorebook> = {}): Lorebook => ({ name: "", entries, tokenBudget: null, scanDepth: null, ...extra });

describe("reading lorebooks", () => {
  it("reads a Character Card V2 character_book, with its budget and scan depth", () => {
    expect(readLorebook(v2Book)).toEqual({
      name: "Greywood",
      tokenBudget: 500,
      scanDepth: 3,
      entries: [
        {
          name: "Forest",
          keys: ["greywood", "old forest"],
          content: "The Greywood is older than the kingdom.",
          insertionOrder: 10,
          constant: false,
          enabled: true,
        },
        { name: "Pip", keys: ["hawk"], content: "{{char}}'s hawk is called Pip.", insertionOrder: 5, constant: false, enabled: false },
        { name: "", keys: [], content: "Magic is rare and feared.", insertionOrder: 1, constant: true, enabled: true },
      ],
    });
  });

  it("reads a SillyTavern World Info file: key, order, comment, and disable as off", () => {
    expect(readLorebook(worldInfo)).toEqual({
      name: "",
      tokenBudget: null,
      scanDepth: null,
      entries: [
        { name: "The river", keys: ["river", "ford"], content: "The river floods in spring.", insertionOrder: 50, constant: false, enabled: true },
        { name: "", keys: ["tower"], content: "The tower is empty.", insertionOrder: 20, constant: false, enabled: false },
      ],
    });
  });

  it("is null for anything else, and for a book with no entries", () => {
    for (const value of [null, "text", [], { name: "Card", first_mes: "Hi" }, { entries: [] }, { entries: {} }, { entries: "none" }])
      expect(readLorebook(value)).toBeNull();
  });

  it("writes the V2 character_book shape, which reads back as the same book", () => {
    const read = readLorebook(v2Book)!;
    const written = toCharacterBook(read);
    expect(written).toMatchObject({ name: "Greywood", token_budget: 500, scan_depth: 3, extensions: {} });
    expect((written.entries as Record<string, unknown>[])[0]).toMatchObject({
      keys: ["greywood", "old forest"],
      content: "The Greywood is older than the kingdom.",
      extensions: {},
      enabled: true,
      insertion_order: 10,
      constant: false,
    });
    expect(readLorebook(written)).toEqual(read);
    expect(readLorebook(toCharacterBook(readLorebook(worldInfo)!))).toEqual(readLorebook(worldInfo));
  });
});

describe("choosing lore for a prompt", () => {
  const wood = entry("Wood", ["wood"]);
  const forest = entry("Forest", ["magical forest"]);
  const fang = entry("Fang", ["shadowfang"]);

  it("matches keys in any case as whole words or phrases", () => {
    const b = book([wood, forest, fang]);
    expect(selectLore(b, ["We walked into the WOOD."], 1000)).toEqual(["Wood lore."]);
    expect(selectLore(b, ["A woodpecker knocked; the firewood burned."], 1000)).toEqual([]);
    expect(selectLore(b, ["this magical\nforest is strange"], 1000)).toEqual(["Forest lore."]);
    expect(selectLore(b, ["a magical place, a forest"], 1000)).toEqual([]);
    expect(selectLore(b, ["The Shadowfangs attacked!"], 1000)).toEqual(["Fang lore."]);
    expect(selectLore(b, ["Nothing here."], 1000)).toEqual([]);
  });

  it("keys are text, not patterns", () => {
    const b = book([entry("Dot", ["a.b"]), entry("Plus", ["c++"])]);
    expect(selectLore(b, ["axb and c"], 1000)).toEqual([]);
    expect(selectLore(b, ["I write C++ and a.b"], 1000)).toEqual(["Dot lore.", "Plus lore."]);
  });

  it("always includes constant entries, never disabled ones, in insertion order", () => {
    const b = book([
      entry("Late", ["wood"], { insertionOrder: 300 }),
      entry("Always", [], { constant: true, insertionOrder: 200 }),
      entry("Off", ["wood"], { enabled: false, insertionOrder: 1 }),
      entry("OffConstant", [], { constant: true, enabled: false }),
      entry("Early", ["wood"], { insertionOrder: 50 }),
    ]);
    expect(selectLore(b, ["nothing to see"], 1000)).toEqual(["Always lore."]);
    expect(selectLore(b, ["the wood"], 1000)).toEqual(["Early lore.", "Always lore.", "Late lore."]);
    expect(selectLore(null, ["the wood"], 1000)).toEqual([]);
  });

  it("keeps within the budget: constant entries first, an entry that does not fit is skipped for a smaller later one", () => {
    const big = entry("Big", ["wood"], { content: "x".repeat(400), insertionOrder: 1 });
    const small = entry("Small", ["wood"], { content: "small", insertionOrder: 2 });
    const always = entry("Always", [], { constant: true, content: "y".repeat(200), insertionOrder: 3 });
    const b = book([big, small, always]);
    const budget = estimateTokens(always.content) + estimateTokens(small.content) + 10;
    expect(selectLore(b, ["wood"], budget)).toEqual(["small", always.content]);
    expect(selectLore(b, ["wood"], 1000)).toEqual([big.content, "small", always.content]);
    expect(selectLore({ ...b, tokenBudget: budget }, ["wood"], 1000)).toEqual(["small", always.content]);
    expect(selectLore(b, ["wood"], 0)).toEqual([]);
  });

  it("looks only at the newest messages when the book sets a scan depth", () => {
    const b = book([wood], { scanDepth: 2 });
    expect(selectLore(b, ["the wood", "hello", "again"], 1000)).toEqual([]);
    expect(selectLore(b, ["hello", "the wood", "again"], 1000)).toEqual(["Wood lore."]);
    expect(selectLore({ ...b, scanDepth: null }, ["the wood", "hello", "again"], 1000)).toEqual(["Wood lore."]);
  });
});

describe.skipIf(!eldoria)("SillyTavern's Eldoria World Info file", () => {
  const content = (uid: string) => (eldoria as { entries: Record<string, { content: string }> }).entries[uid].content;

  it("reads all four entries with their keys", () => {
    const read = readLorebook(eldoria)!;
    expect(read.entries.map((e) => e.keys[0])).toEqual(["eldoria", "shadowfang", "glade", "power"]);
    expect(read.entries.every((e) => e.enabled && !e.constant && e.insertionOrder === 100)).toBe(true);
  });

  it("picks the entries a message talks about, and not words that only contain a key", () => {
    const read = readLorebook(eldoria);
    expect(selectLore(read, ["*Running.* The Shadowfangs attacked!"], 2000)).toEqual([content("1").trim()]);
    expect(selectLore(read, ["A woodpecker taps on a tree."], 2000)).toEqual([]);
    expect(selectLore(read, ["Tell me about this magical forest."], 2000)).toEqual([content("0").trim()]);
    expect(selectLore(read, ["Is the glade a safe haven?", "What magic do you have?"], 2000)).toEqual([content("2").trim(), content("3").trim()]);
  });
});

describe("a book cannot make every reply slow", () => {
  it("reads at most 200 entries, 20 keys an entry, keys of 100 characters, and a scan depth of 20", () => {
    const entries = Array.from({ length: 300 }, (_, i) => ({
      keys: [...Array.from({ length: 30 }, (_, k) => `key${i}x${k}`), "y".repeat(101)],
      content: `Entry ${i}`,
      enabled: true,
      insertion_order: i,
      extensions: {},
    }));
    const read = readLorebook({ entries, scan_depth: 1_000_000_000 })!;
    expect(read.entries).toHaveLength(200);
    expect(read.entries[0].keys).toHaveLength(20);
    expect(read.entries.every((e) => e.keys.every((k) => k.length <= 100))).toBe(true);
    expect(read.scanDepth).toBe(20);
    expect(selectLore(read, ["Nothing here mentions key5x3 except this: key5x3."], 10_000)).toEqual(["Entry 5"]);
  });
});
