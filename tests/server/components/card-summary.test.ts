import { describe, expect, it } from "vitest";
import { cardSummary } from "~/components/character-card";

// A card shows two lines of a description; the page carries no more of it than that (the HTML budget).
describe("a card's summary of a description", () => {
  it("keeps a short description whole", () => {
    expect(cardSummary("A lighthouse keeper who sings.")).toBe("A lighthouse keeper who sings.");
  });

  it("cuts a long one at a word, under 141 characters, and says it goes on", () => {
    const long =
      "She's thirty feet tall, runs the biggest farm in the valley and just picked up your car because you were parked on her pumpkins. She'll put it down.";
    const summary = cardSummary(long);
    expect(summary.length).toBeLessThanOrEqual(141);
    expect(summary.endsWith("…")).toBe(true);
    expect(long.startsWith(summary.slice(0, -1))).toBe(true);
    expect(summary).not.toMatch(/\s…$/);
  });
});
