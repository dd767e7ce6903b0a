import { describe, expect, it } from "vitest";
import { findMinorReference, findUnsafe } from "~/lib/safety";

/**
 * A held-out-style set for the safety module (issue 22): sentences written as people and models
 * write them, not as the patterns were written. Every blocked one must be caught, however it is
 * spelled; no innocent one may be, however close it sounds.
 */
const BLOCKED = [
  "She is fifteen years old.",
  "a sixteen-year-old girl",
  "He was seventeen yo at the time",
  "She's only 14.. no, 1five years old",
  "aged twelve, she ran the shop",
  "The girl is 1 5 years old",
  "a 13-year-old runaway",
  "he's 16 y/o",
  "Fourteen-year-old Mira",
  "ten year old boy",
  "my l0li waifu",
  "a sweet ch1ld",
  "t33n romance",
  "sh0ta fan",
  "p3do stuff",
  "the k1d next door",
  "a l1ttle girl",
  "lo\u200bli",
  "ch\u200dild",
  "te\u00aden",
  "ｌｏｌｉ",
  "She is a schoolgirl.",
  "a middle school student",
  "in junior high",
  "a young girl in the woods",
  "younger boys",
  "the kids are asleep",
  "a kid in the park",
  "a toddler's toy",
  "infants sleeping",
  "my baby sister",
  "a pre-teen",
  "teenagers at the mall",
  "a teenage runaway",
  "she is a minor",
  "protect the minors",
  "a juvenile offender",
  "her daughter",
  "my son is home",
  "his sons",
  "childish games",
  "childlike wonder",
  "children playing",
  "rape scene",
  "pedophile",
  "underaged",
  "lolita fashion",
  "a chibi version",
  "grade schooler",
  "age 9 and curious",
  "she turned twelve years old today",
  "a little boy",
];

const INNOCENT = [
  "I'm just kidding.",
  "Sonny, pass the salt.",
  "A school of fish swims past.",
  "It's only a minor detail.",
  "a sonata in A minor key",
  "He broke his arm, a minor injury.",
  "son of a gun, you did it",
  "I waited 5 years for this.",
  "She is 25 years old.",
  "a 30-year-old woman",
  "He turned 40 last week.",
  "The tower is 300 years old.",
  "We met 12 years ago.",
  "the kidney stone",
  "a sonnet for you",
  "kidnapped by pirates",
  "the skidding car",
  "Babette smiles.",
  "the infantry marched",
  "he is a grown man",
  "an adult woman in her thirties",
  "a university professor",
  "the college library",
  "a young woman with silver hair",
  "a younger man, thirty at most",
  "the minority vote",
  "her grandmother's ring",
  "Sunday morning",
  "a teaspoon of sugar",
  "the fifteenth of May",
  "one of seventeen knights",
  "page 12 of the book",
  "in the year 1215",
  "two years older than me",
  "mature and confident",
  "h4ck3r at work",
  "my 2 cats",
  "4th of July",
  "a 1920s jazz club",
  "the Milf next door",
  "a kitten named Pip",
];

const MORE_INNOCENT = [
  "The schoolhouse is abandoned now.",
  "a skilled swordswoman",
  "the teenth century? no such thing",
  "Miniature painting is her hobby.",
  "Dominant and confident.",
  "He is an old soul.",
  "a sonic boom",
  "the childe of the tower (an old title)",
  "a daughterboard on the motherboard",
];

describe("the safety module on a held-out set (issue 22)", () => {
  it(`blocks all ${BLOCKED.length} sentences that refer to minors, however they are spelled`, () => {
    expect(BLOCKED.length).toBeGreaterThanOrEqual(50);
    const missed = BLOCKED.filter((s) => !findUnsafe(s));
    expect(missed).toEqual([]);
  });

  it("passes every innocent sentence (no false blocks on kidding, Sonny, school of fish...)", () => {
    const all = [...INNOCENT, ...MORE_INNOCENT];
    expect(all.length).toBeGreaterThanOrEqual(50);
    const blocked = all.filter((s) => findUnsafe(s)).map((s) => `${s} → ${findUnsafe(s)}`);
    expect(blocked).toEqual([]);
  });

  it("the minors patterns alone (for what the model writes) catch ages and references, not banned words like 'rape'", () => {
    expect(findMinorReference("She is sixteen years old.")).toBeTruthy();
    expect(findMinorReference("rape scene")).toBeNull();
  });
});
