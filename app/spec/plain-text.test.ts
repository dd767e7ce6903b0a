import { describe, expect, it } from "vitest";
import { CHARACTER_TAG_NAMES, CONTENT_TAG_NAMES, TAG_CHIP_ORDER, isWarningTag } from "~/spec/tags";
import { byName, formatCount } from "~/spec/plain-text";

// The plain formatter and order stand in for Intl on the pages (first Intl use in a Worker loads ICU):
// what a reader sees must not change.
describe("counts and names without Intl", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    for (const n of [0, 1, 7, 12, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000, Number.MAX_SAFE_INTEGER])
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    expect(formatCount(1.5)).toBe("1.5");
  });

  it("sorts every tag name as localeCompare does, and the chips in their spec order", () => {
    const names = [...CHARACTER_TAG_NAMES, ...CONTENT_TAG_NAMES];
    expect([...names].sort(byName)).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(TAG_CHIP_ORDER).toEqual([...CHARACTER_TAG_NAMES].sort((a, b) => Number(isWarningTag(a)) - Number(isWarningTag(b)) || a.localeCompare(b, "en")));
    // Case does not decide before the letters do.
    expect(["CNC", "Cheating", "cat", "Bestiality"].sort(byName)).toEqual(["Bestiality", "cat", "Cheating", "CNC"]);
  });
});
