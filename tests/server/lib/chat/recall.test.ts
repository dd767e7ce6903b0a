import { describe, expect, it } from "vitest";
import { chooseRecalled, recallMatch, recallTerms, type RecallMoment, type RecallRow } from "~/lib/chat/recall";

const row = (id: string, content: string, createdAt: number, role: RecallRow["role"] = "user"): RecallRow => ({
  id,
  role,
  content,
  speakerId: null,
  createdAt,
});
const nameOf = (m: RecallRow) => m.role;

describe("what recall looks for (issue 62)", () => {
  it("takes the person's last words first, drops common words and short numbers, and folds case and accents as the index does", () => {
    expect(recallTerms(["The tide is turning.", "Do you remember Zoë, my old TERRIER? It was 12 years ago."])).toEqual([
      "remember",
      "zoe",
      "old",
      "terrier",
      "years",
      "ago",
      "tide",
      "turning",
    ]);
  });

  it("keeps apostrophes out of words and placeholders out of the query", () => {
    expect(recallTerms(["{{user}} said Biscuit's bowl is by the door; don't forget."])).toEqual(["biscuit", "bowl", "door", "forget"]);
  });

  it("quotes every word and looks for plural and singular alike, so no word is read as an operator", () => {
    expect(recallMatch(["terrier", "dogs", "or"])).toBe('"terrier" OR "terriers" OR "dogs" OR "dog" OR "or" OR "ors"');
    expect(recallMatch(['say"x'])).toBe('"sayx" OR "sayxs"');
  });
});

describe("which moments go into the prompt (issue 62)", () => {
  const moment = (id: string, at: number, before?: RecallRow, after?: RecallRow): RecallMoment => ({
    hit: row(id, `words of ${id}`, at),
    before: before ?? null,
    after: after ?? null,
  });

  it("writes each with its neighbours, in the order they were said, and names only the messages found", () => {
    const found = chooseRecalled(
      [moment("late", 50, row("b1", "before late", 49)), moment("early", 10, undefined, row("a1", "after early", 11, "character"))],
      { window: [], pinned: [], budget: 500, nameOf },
    );
    expect(found.recalled).toEqual(["early", "late"]);
    expect(found.block).toEqual(["user: words of early\ncharacter: after early", "user: before late\nuser: words of late"]);
  });

  it("never takes a message pinned or in the window, never one twice, and stops at the budget", () => {
    const shared = row("shared", "a neighbour both share", 20);
    const found = chooseRecalled([moment("pinned", 5), moment("one", 10, undefined, shared), moment("two", 30, shared), moment("three", 40)], {
      window: [],
      pinned: ["pinned"],
      budget: 30,
      nameOf,
    });
    expect(found.recalled).toEqual(["one", "two"]);
    expect(found.block.join("\n").match(/a neighbour both share/g)).toHaveLength(1);
  });
});
