import { describe, expect, it } from "vitest";
import { buildStoryPrompt, type StoryPromptInput } from "~/lib/story/prompt";

const book = {
  character_book: {
    entries: [
      { keys: ["ferry"], content: "Old Mags runs the ferry and takes secrets as fare.", enabled: true, insertion_order: 1, extensions: {} },
      { keys: ["monastery"], content: "The monastery bell has not rung in a year.", enabled: true, insertion_order: 2, extensions: {} },
    ],
  },
};

const input = (fields: Partial<StoryPromptInput> = {}): StoryPromptInput => ({
  characters: [{ name: "The Lantern Road", persona: "The narrator of {{char}}, speaking to {{user}}.", scenario: "A pilgrims' road.", cardExtras: book }],
  premise: "You must cross the river before dark.",
  genre: "Fantasy",
  userName: "Ada",
  userPersona: "A tired courier.",
  history: [],
  action: null,
  contextTokens: 4096,
  maxTokens: 400,
  ...fields,
});

describe("the story prompt", () => {
  it("asks for the JSON format and carries the cast, persona, premise and genre, with placeholders filled", () => {
    const [system, ask] = buildStoryPrompt(input());
    expect(system.role).toBe("system");
    expect(system.content).toContain('{"story"');
    expect(system.content).toContain("The narrator of The Lantern Road, speaking to Ada.");
    expect(system.content).toContain("Ada's persona: A tired courier.");
    expect(system.content).toContain("Premise: You must cross the river before dark.");
    expect(system.content).toContain("Genre and tone: Fantasy");
    expect(ask).toEqual({ role: "user", content: "Begin the story with its opening passage, as JSON." });
  });

  it("puts in the lorebook entries the recent turns call for, and only those", () => {
    const [system] = buildStoryPrompt(input({ history: [{ role: "story", content: "A ferry waits at the bank." }], action: "I pay the fare." }));
    expect(system.content).toContain("World info:\nOld Mags runs the ferry");
    expect(system.content).not.toContain("monastery bell");
  });

  it("fills {userName} in earlier turns and ends with the action", () => {
    const messages = buildStoryPrompt(input({ history: [{ role: "story", content: "{userName} wakes by the river." }], action: "I look for a boat." }));
    expect(messages.map((m) => m.content)).toContain(JSON.stringify({ story: "Ada wakes by the river.", choices: [] }));
    expect(messages.at(-1)!.content).toContain("Ada chooses: I look for a boat.");
  });

  it("drops the oldest turns to fit the context and keeps their thread in a summary", () => {
    const history = Array.from({ length: 40 }, (_, i) => ({
      role: (i % 2 ? "user" : "story") as "user" | "story",
      content: i % 2 ? `Choice ${i}.` : `Passage ${i} begins here. ${"More words follow to fill the page. ".repeat(20)}`,
    }));
    const messages = buildStoryPrompt(input({ history, action: "Go on.", contextTokens: 2048 }));
    const sent = messages.slice(1).map((m) => m.content);
    expect(sent.some((c) => c.includes('"Passage 0 '))).toBe(false);
    expect(sent.some((c) => c.includes('"Passage 38 '))).toBe(true);
    expect(messages[0].content).toContain("The story so far, in short:");
    expect(messages[0].content).toMatch(/Passage \d+ begins here\./);
    const tokens = messages.reduce((n, m) => n + Math.ceil(m.content.length / 4) + 4, 0);
    expect(tokens).toBeLessThanOrEqual(2048 - 400);
  });
});
