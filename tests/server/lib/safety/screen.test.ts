import { describe, expect, it } from "vitest";
import { findUnsafe, screenOffline, withoutStampedMoments } from "~/lib/safety/screen";
import { INNOCENT as BASE_INNOCENT, UNSAFE as BASE_UNSAFE, type Family } from "./screen-sets";
import { MORE_INNOCENT, MORE_UNSAFE } from "./screen-sets-more";
import { PHRASING_INNOCENT, PHRASING_UNSAFE } from "./screen-sets-phrasing";

const UNSAFE = [...BASE_UNSAFE, ...MORE_UNSAFE, ...PHRASING_UNSAFE];
const INNOCENT = [...BASE_INNOCENT, ...MORE_INNOCENT, ...PHRASING_INNOCENT];

/**
 * The offline screen on the project's own test set (issue 59): at least 97% of the unsafe texts
 * refused and at most 2% of the innocent ones, with a figure per family printed for the closing note.
 * Today's date is fixed, so birth years keep their meaning.
 */
const NOW = new Date("2026-12-05T12:00:00Z");

/** Each family with the sentences the screen got wrong: passed when `passes` is false, refused when it is true. */
function figures(families: Family[], passes: boolean) {
  return families.map((family) => {
    const wrong = family.sentences.filter((s) => screenOffline(s, family.mode, NOW).ok !== passes);
    return { family: family.name, mode: family.mode, total: family.sentences.length, wrong };
  });
}

const count = (families: Family[]) => families.reduce((n, f) => n + f.sentences.length, 0);

describe("the offline screen on the project's test set", () => {
  it("has at least 200 unsafe and 200 innocent sentences, across the families", () => {
    expect(count(UNSAFE)).toBeGreaterThanOrEqual(200);
    expect(count(INNOCENT)).toBeGreaterThanOrEqual(200);
    expect(UNSAFE.length).toBeGreaterThanOrEqual(10);
    expect(INNOCENT.length).toBeGreaterThanOrEqual(10);
  });

  it("refuses at least 97% of the unsafe sentences, in every family", () => {
    const rows = figures(UNSAFE, false);
    for (const row of rows) console.log(`unsafe  ${row.family.padEnd(52)} ${row.total - row.wrong.length}/${row.total} refused`);
    const missed = rows.flatMap((r) => r.wrong);
    console.log(`unsafe refused: ${count(UNSAFE) - missed.length}/${count(UNSAFE)}; missed: ${JSON.stringify(missed)}`);
    expect((count(UNSAFE) - missed.length) / count(UNSAFE)).toBeGreaterThanOrEqual(0.97);
  });

  it("passes at least 98% of the innocent sentences, in every family", () => {
    const rows = figures(INNOCENT, true);
    for (const row of rows) console.log(`innocent ${row.family.padEnd(51)} ${row.wrong.length}/${row.total} refused`);
    const refused = rows.flatMap((r) => r.wrong);
    console.log(`innocent refused: ${refused.length}/${count(INNOCENT)}; refused: ${JSON.stringify(refused)}`);
    expect(refused.length / count(INNOCENT)).toBeLessThanOrEqual(0.02);
  });

  it("names what it refused, and reads a character's definition more strictly than a chat message", () => {
    expect(findUnsafe("a l0li in lingerie", "content", NOW)).toBe("loli");
    expect(findUnsafe("She is 15.", "identity", NOW)).toBeTruthy();
    // A child mentioned plainly in a chat is no refusal; the same child as what a character is, is.
    expect(findUnsafe("A middle schooler who loves chess.", "content", NOW)).toBeNull();
    expect(findUnsafe("A middle schooler who loves chess.", "identity", NOW)).toBe("middle schooler");
    // Birth years are read against today's date.
    expect(findUnsafe("Born in 2010, she likes hiking.", "identity", NOW)).toBeTruthy();
    expect(findUnsafe("Born in 2010, she likes hiking.", "identity", new Date("2030-01-01"))).toBeNull();
  });

  it("passes a text that is only a moment unread, and still reads a moment followed by words", () => {
    // A chat file carries a date on every line (decision 098): those pass without being read.
    for (const moment of ["2024-01-01T00:00:00.000Z", "2024-01-01@00h00m00s", "2024-01-01 13:05", "1719859200000"])
      expect(screenOffline(moment, "content", NOW).ok).toBe(true);
    // Anything more than the moment is read as before.
    const unsafe = UNSAFE.find((f) => f.mode === "content")!.sentences[0];
    expect(screenOffline(unsafe, "content", NOW).ok).toBe(false);
    expect(screenOffline(`2024-01-01T00:00:00.000Z ${unsafe}`, "content", NOW).ok).toBe(false);
    expect(screenOffline(`${unsafe} 2024-01-01@00h00m00s`, "content", NOW).ok).toBe(false);
  });

  it("blanks the moment a chat file stamps on each line, and no other date (a birth date can say an age)", () => {
    const kept = '{"message":{"name":"Bench","send_date":"2024-01-01T00:01:00.000Z","dob":"2012-05-01T08:00:00Z","extra":{}}}';
    const plain = withoutStampedMoments(kept);
    expect(plain).toHaveLength(kept.length);
    expect(plain).toContain('"send_date":"' + " ".repeat(24) + '"');
    expect(plain).toContain('"dob":"2012-05-01T08:00:00Z"');
    // Two lines that differ only by their stamps read the same.
    expect(withoutStampedMoments(kept.replace("00:01:00", "17:42:09"))).toBe(plain);
    // A date and time in a sentence is left as it is, and still read.
    const born = 'Born "2012-05-01 08:00", she likes hiking.';
    expect(withoutStampedMoments(born)).toBe(born);
    expect(findUnsafe(born, "identity", NOW)).toBeTruthy();
  });
});
