import { describe, expect, it } from "vitest";
import { offlineStory } from "~/lib/providers/text/offline-story";
import { offlineGenerator } from "~/lib/providers/text/offline.server";
import type { GenerateRequest, StoryHints } from "~/lib/providers/text/types";
import { findUnsafe } from "~/lib/safety/screen";
import { parseStoryReply, partialStory } from "~/lib/story/parse";
import { STORY_GENRES } from "~/spec/story";

const mira = { name: "Mira Vale", persona: "A calm lighthouse keeper.", scenario: "{{user}} washes ashore at the lighthouse on the point.", tags: ["Female"] };
const idris = { name: "Captain Idris Kade", persona: "A smuggler with a conscience.", scenario: "A storm at sea.", tags: ["Male"] };
const hints = (fields: Partial<StoryHints> = {}): StoryHints => ({
  characters: [mira],
  premise: "A heist in a floating city of glass",
  genre: "Fantasy",
  userName: "Sam",
  action: null,
  turn: 0,
  ...fields,
});
const turnOf = (h: StoryHints, seed = "seed", maxWords = 400) => {
  const text = offlineStory(h, seed, maxWords);
  expect(() => JSON.parse(text)).not.toThrow();
  const turn = parseStoryReply(text);
  expect(turn).not.toBeNull();
  return turn!;
};
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const GENRES = [...STORY_GENRES, "Cosy noir"];

describe("the offline writer's story turns", () => {
  it("are JSON a story turn is read from, with a passage of 60 to 160 words and two to four distinct choices", () => {
    for (const genre of GENRES)
      for (let i = 0; i < 20; i++) {
        const turn = turnOf(hints({ genre, action: i % 2 ? "Open the locked door" : null, turn: i % 2 }), `g${i}`, i % 3 ? 400 : 20);
        expect(words(turn.story)).toBeGreaterThanOrEqual(60);
        expect(words(turn.story)).toBeLessThanOrEqual(160);
        expect(turn.choices.length).toBeGreaterThanOrEqual(2);
        expect(turn.choices.length).toBeLessThanOrEqual(4);
        expect(new Set(turn.choices.map((c) => c.text)).size).toBe(turn.choices.length);
      }
  });

  it("address the person by name, in the second person, and call the characters by their short names and pronouns", () => {
    for (let i = 0; i < 30; i++) {
      const { story } = turnOf(hints(), `n${i}`);
      expect(story).toContain("Sam");
      expect(story).toContain("Mira");
      expect(story).not.toContain("Mira Vale");
      expect(story).toMatch(/\byou(r)?\b/i);
      expect(story).not.toMatch(/\b(his|him)\b/);
    }
    const both = Array.from({ length: 20 }, (_, i) => turnOf(hints({ characters: [mira, idris], turn: i }), `b${i}`).story).join(" ");
    expect(both).toContain("Idris");
    expect(both).not.toContain("Captain");
  });

  it("draw on the premise in the opening and retell the action just taken", () => {
    const openings = Array.from({ length: 20 }, (_, i) => turnOf(hints(), `p${i}`).story);
    expect(openings.some((s) => s.includes("a heist in a floating city of glass"))).toBe(true);
    const taken = turnOf(hints({ action: "Open the locked door", turn: 1 }), "a1");
    expect(taken.story.toLowerCase()).toContain("you open the locked door");
    expect(turnOf(hints({ action: "I draw my sword", turn: 1 }), "a2").story.toLowerCase()).toContain("you draw your sword");
    for (let i = 0; i < 30; i++)
      expect(turnOf(hints({ genre: "Horror", action: "Open the locked door", turn: 1 }), `h${i}`).choices.map((c) => c.text)).not.toContain(
        "Open the locked door",
      );
  });

  it("still tell a passage when the action is only punctuation", () => {
    for (const action of ["", "...", "*", "!!!", "?"]) expect(words(turnOf(hints({ action, turn: 1 }), "bare").story)).toBeGreaterThanOrEqual(60);
  });

  it("retell a typed action whole, in the second person, never cut in the middle (issue 24)", () => {
    const action = "I climb the tower stairs two at a time, my lantern swinging wildly, calling out for the keeper who vanished last winter";
    for (let i = 0; i < 30; i++) {
      const story = turnOf(hints({ action, turn: 2 }), `l${i}`).story.toLowerCase();
      expect(story).toContain("you climb the tower stairs two at a time, your lantern swinging wildly, calling out for the keeper who vanished last winter");
      expect(story).not.toContain("my lantern");
    }
    const run = "*I grab Mira's hand and run toward the balcony while the guards shout behind us*";
    expect(turnOf(hints({ action: run, turn: 3 }), "run").story).toContain("grab Mira's hand and run toward the balcony while the guards shout behind you");
    const late = "I slip into the palace in disguise, with Mira, just in time for the first dance and the toast";
    expect(turnOf(hints({ action: late, turn: 4 }), "late").story).toContain("in disguise, with Mira, just in time for the first dance and the toast.");
  });

  it("never bring the same flourish back on the next turn", () => {
    const sentences = (text: string) => text.split(/(?<=[.!?"”])\s+/).filter((s) => s.length > 30);
    for (const genre of GENRES) {
      const passages = Array.from(
        { length: 8 },
        (_, turn) => turnOf(hints({ genre, turn, action: turn ? ["Look around", "Wait", "Follow Mira"][turn % 3] : null }), `t${turn}`).story,
      );
      for (let turn = 1; turn < passages.length; turn++) {
        const again = sentences(passages[turn]).filter((s) => passages[turn - 1].includes(s));
        expect(again, `${genre}, turn ${turn}`).toEqual([]);
      }
    }
  });

  it("are the same for the same seed and differ across seeds", () => {
    expect(offlineStory(hints(), "same", 400)).toBe(offlineStory(hints(), "same", 400));
    const stories = Array.from({ length: 10 }, (_, i) => offlineStory(hints({ action: "Look around", turn: 1 }), `swipe-${i}`, 400));
    expect(new Set(stories).size).toBeGreaterThanOrEqual(8);
  });

  it("send some choices with an id and some without, which the parser fills in", () => {
    const raw = Array.from({ length: 40 }, (_, i) => JSON.parse(offlineStory(hints(), `i${i}`, 400)).choices as { id?: string; text: string }[]).flat();
    expect(raw.some((c) => c.id)).toBe(true);
    expect(raw.some((c) => !c.id)).toBe(true);
    const parsed = Array.from({ length: 40 }, (_, i) => turnOf(hints(), `i${i}`).choices).flat();
    expect(parsed.every((c) => /^[0-9a-z]+$/.test(c.id))).toBe(true);
  });

  it("never write a word the safety rules forbid, across genres and seeds", () => {
    const actions = [null, "Run", "I take the map and ask Mira where it leads", '"Who goes there?"'];
    for (const genre of GENRES)
      for (let i = 0; i < 200; i++) {
        const h = hints({
          genre,
          characters: i % 2 ? [mira, idris] : [mira],
          action: actions[i % actions.length],
          turn: i % 5,
          premise: i % 3 ? "A heist in a floating city" : "",
        });
        expect(findUnsafe(offlineStory(h, `safe-${i}`, 400))).toBeNull();
      }
  });

  it("stream through the offline generator in small pieces that add up to the turn", async () => {
    const story = hints({ action: "Follow the silver runes", turn: 1 });
    const request: GenerateRequest = {
      model: "Mage",
      messages: [{ role: "user", content: "Follow the silver runes" }],
      maxTokens: 400,
      character: { name: mira.name, persona: mira.persona, scenario: mira.scenario, tags: mira.tags, userName: "Sam" },
      story,
      seed: "stream-1",
    };
    const pieces: string[] = [];
    let shown = "";
    for await (const piece of offlineGenerator(0).stream(request)) {
      pieces.push(piece);
      const text = partialStory(pieces.join(""));
      if (text !== null) {
        expect(text.startsWith(shown)).toBe(true);
        shown = text;
      }
    }
    const whole = pieces.join("");
    expect(whole).toBe(offlineStory(story, "stream-1", 400));
    expect(pieces.length).toBeGreaterThan(50);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(40);
    expect(shown).toBe(parseStoryReply(whole)?.story);
  });
});
