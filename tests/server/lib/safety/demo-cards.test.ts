import { describe, expect, it } from "vitest";
import { screenOffline } from "~/lib/safety/screen";
import { SCREEN_FIELDS } from "~/lib/safety/fields";
import first from "../../../../scripts/demo/characters.json";
import second from "../../../../scripts/demo/characters-2.json";
import third from "../../../../scripts/demo/characters-3.json";

/**
 * The demo's 226 character cards are what creators write for adults: fantasy beings centuries old,
 * "the only one who knows", "two in the morning", "three crooked shelves", slit-pupil eyes, numbered
 * choices. None of their thousands of field texts is a minor, so the screen must pass every one, each
 * read as the gate reads that field (round 5 found 71 of them refused).
 */
const NOW = new Date("2026-12-05T12:00:00Z");
const FIELDS = ["name", "description", "persona", "greeting", "scenario", "exampleDialogue", "authorNotes", "imagePrompt"] as const;
const modeOf = (field: string) => SCREEN_FIELDS[`character.${field === "alternateGreetings" ? "greeting" : field}` as keyof typeof SCREEN_FIELDS].mode;

describe("the screen on the demo's character cards", () => {
  it("passes every field of every card, in the field's own mode", () => {
    const cards = [...first, ...second, ...third] as Record<string, unknown>[];
    const texts = cards.flatMap((card) => [
      ...FIELDS.filter((f) => typeof card[f] === "string").map((f) => ({ field: f, text: card[f] as string })),
      ...((card.alternateGreetings as string[] | undefined) ?? []).map((text) => ({ field: "alternateGreetings", text })),
    ]);
    expect(cards.length).toBeGreaterThanOrEqual(200);
    expect(texts.length).toBeGreaterThanOrEqual(1500);
    const refused = texts.flatMap(({ field, text }) => {
      const verdict = screenOffline(text, modeOf(field), NOW);
      return verdict.ok ? [] : [`${field}: "${verdict.hit}" (${verdict.rule}) in ${text.slice(0, 80)}…`];
    });
    console.log(`demo card fields refused: ${refused.length}/${texts.length}`);
    expect(refused).toEqual([]);
  });
});
