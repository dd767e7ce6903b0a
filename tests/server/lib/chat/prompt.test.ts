import { describe, expect, it } from "vitest";
import { clampLength } from "~/spec/models";
import { buildPrompt, fillPlaceholders } from "~/lib/chat/prompt";
import { estimateTokens } from "~/lib/tokens";
import { readLorebook, selectLore } from "~/lib/lorebook";

const character = {
  name: "Mira",
  persona: "Mira's Persona: A lighthouse keeper who calls {{user}} 'sailor'.",
  scenario: "{userName} washes ashore.",
  exampleDialogue: "{{user}}: Hi\n{{char}}: Ahoy.",
  personality: "dry, kind",
  systemPrompt: "",
};

describe("the prompt", () => {
  it("replaces {userName}, {characterName}, {{user}} and {{char}}, with the spec's fallbacks", () => {
    expect(fillPlaceholders("{{user}} meets {{char}}; {userName} and {characterName}; {{User}}", "Sam", "Mira")).toBe("Sam meets Mira; Sam and Mira; Sam");
    expect(fillPlaceholders("{{user}} and {{char}}", "", "")).toBe("User and Character");
  });

  it("puts the persona, personality, scenario, the user's persona and the examples in one system message", () => {
    const prompt = buildPrompt({
      character,
      userName: "Sam",
      userPersona: "A tired fisherman.",
      history: [
        { role: "character", content: "Ahoy, {{user}}." },
        { role: "user", content: "Hello {{char}}" },
      ],
      contextTokens: 4096,
      maxTokens: 125,
    });
    expect(prompt[0].role).toBe("system");
    for (const part of [
      "You are Mira.",
      "calls Sam 'sailor'",
      "Mira's personality: dry, kind",
      "Scenario: Sam washes ashore.",
      "Sam's persona: A tired fisherman.",
      "Example dialogue:\nSam: Hi\nMira: Ahoy.",
    ])
      expect(prompt[0].content).toContain(part);
    expect(prompt.slice(1)).toEqual([
      { role: "assistant", content: "Ahoy, Sam." },
      { role: "user", content: "Hello Mira" },
    ]);
  });

  it("the testers' custom system prompt replaces the instructions; the card's own system prompt is used otherwise", () => {
    const custom = buildPrompt({
      character: { ...character, systemPrompt: "Card rules for {{char}}." },
      userName: "Sam",
      userPersona: null,
      customSystemPrompt: "Tester rules.",
      history: [{ role: "user", content: "Hi" }],
      contextTokens: 4096,
      maxTokens: 125,
    });
    expect(custom[0].content.startsWith("Tester rules.")).toBe(true);
    const card = buildPrompt({
      character: { ...character, systemPrompt: "Card rules for {{char}}." },
      userName: "Sam",
      userPersona: null,
      history: [{ role: "user", content: "Hi" }],
      contextTokens: 4096,
      maxTokens: 125,
    });
    expect(card[0].content.startsWith("Card rules for Mira.")).toBe(true);
  });

  it("puts the lorebook entries the chat mentions in the system message as world info, and leaves the others out", () => {
    const book = readLorebook({
      entries: {
        "0": { uid: 0, key: ["lighthouse"], content: "The lighthouse lamp was lit by {{char}}'s mother.", order: 10, disable: false },
        "1": { uid: 1, key: ["kraken"], content: "A kraken sleeps under the bay.", order: 20, disable: false },
      },
    });
    const history = [
      { role: "character" as const, content: "Ahoy." },
      { role: "user" as const, content: "Who keeps the Lighthouse lit?" },
    ];
    const lore = selectLore(
      book,
      history.map((m) => m.content),
      1024,
    );
    const prompt = buildPrompt({ character, userName: "Sam", userPersona: "A tired fisherman.", history, lore, contextTokens: 4096, maxTokens: 125 });
    const system = prompt[0].content;
    expect(system).toContain("World info:\nThe lighthouse lamp was lit by Mira's mother.");
    expect(system).not.toContain("kraken");
    expect(system.indexOf("Scenario:")).toBeLessThan(system.indexOf("World info:"));
    expect(system.indexOf("World info:")).toBeLessThan(system.indexOf("Sam's persona:"));
    const none = buildPrompt({ character, userName: "Sam", userPersona: null, history, lore: [], contextTokens: 4096, maxTokens: 125 });
    expect(none[0].content).not.toContain("World info");
  });

  it("puts what the character remembers of the chat last in the system message, so a long chat keeps it when old messages are cut", () => {
    const history = Array.from({ length: 300 }, (_, i) => ({
      role: i % 2 ? ("user" as const) : ("character" as const),
      content: `Message ${i} ${"words ".repeat(40)}`,
    }));
    const prompt = buildPrompt({
      character,
      userName: "Sam",
      userPersona: null,
      history,
      memory: ["My sister is called Ilse.", "We met on the lighthouse stairs."],
      contextTokens: 2048,
      maxTokens: 300,
    });
    expect(prompt[0].content.endsWith("What Mira remembers of this chat:\n- My sister is called Ilse.\n- We met on the lighthouse stairs.")).toBe(true);
    // The oldest messages fall out of the budget; the memory does not.
    expect(prompt.some((m) => m.content.startsWith("Message 3 "))).toBe(false);
    expect(prompt.reduce((sum, m) => sum + estimateTokens(m.content), 0)).toBeLessThanOrEqual(2048 - 300);
  });

  it("trims the history to the context budget from the oldest end, always keeping the newest message", () => {
    const history = Array.from({ length: 40 }, (_, i) => ({
      role: (i % 2 ? "user" : "character") as "user" | "character",
      content: `message ${i} ${"x".repeat(400)}`,
    }));
    const prompt = buildPrompt({ character, userName: "Sam", userPersona: null, history, contextTokens: 1024, maxTokens: 200 });
    const total = prompt.reduce((n, m) => n + estimateTokens(m.content), 0);
    expect(total).toBeLessThanOrEqual(1024 - 200);
    expect(prompt.at(-1)!.content).toContain("message 39");
    expect(prompt.length).toBeLessThan(41);
    expect(prompt.slice(1).map((m) => Number(m.content.split(" ")[1]))).toEqual(
      Array.from({ length: prompt.length - 1 }, (_, i) => 40 - (prompt.length - 1) + i),
    );
    const huge = buildPrompt({
      character,
      userName: "Sam",
      userPersona: null,
      history: [{ role: "user", content: "y".repeat(10_000) }],
      contextTokens: 1024,
      maxTokens: 200,
    });
    expect(huge).toHaveLength(2);
  });

  it("leaves hidden lines (an imported chat's is_system notes) out of the prompt", () => {
    const prompt = buildPrompt({
      character,
      userName: "Sam",
      userPersona: null,
      history: [
        { role: "character", content: "Ahoy." },
        { role: "system", content: "(OOC: hidden note)" },
        { role: "user", content: "Hello." },
      ],
      contextTokens: 1024,
      maxTokens: 200,
    });
    expect(prompt.slice(1)).toEqual([
      { role: "assistant", content: "Ahoy." },
      { role: "user", content: "Hello." },
    ]);
    expect(JSON.stringify(prompt)).not.toContain("hidden note");
  });

  it("the response length is clamped to the model's bounds and steps", () => {
    expect(clampLength("Mage", undefined)).toBe(125);
    expect(clampLength("Mage", 10)).toBe(50);
    expect(clampLength("Mage", 500)).toBe(200);
    expect(clampLength("Succubus", 200)).toBe(150);
    expect(clampLength("Witch", 137)).toBe(125);
  });
});
