import { fillPlaceholders } from "~/lib/chat/prompt";
import { estimateTokens } from "~/lib/tokens";
import { readLorebook, selectLore } from "~/lib/lorebook";
import type { PromptMessage } from "~/lib/providers/text/types";
import { STORY_LIMITS } from "~/spec/story";

export type StoryPromptInput = {
  characters: { name: string; persona: string; scenario: string; cardExtras?: Record<string, unknown> | null }[];
  premise: string;
  genre: string;
  userName: string;
  userPersona: string | null;
  /** The turns on screen up to the passage being answered, oldest first. */
  history: { role: "user" | "story"; content: string; choices?: { id: string; text: string }[] }[];
  /** The choice's text or the typed action; null for the opening. */
  action: string | null;
  contextTokens: number;
  maxTokens: number;
};

const FORMAT =
  'Answer with one JSON object and nothing else: {"story": "<the next passage, 80 to 200 words, in second person>", "choices": [{"id": "a", "text": "<what {{user}} could do next>"}, ...]} with 2 to 4 short, distinct choices.';

const firstSentence = (text: string) => (text.match(/^[\s\S]*?[.!?](\s|$)/)?.[0] ?? text).trim().slice(0, 240);

/**
 * The running summary of passages that no longer fit: the first sentence of each, newest kept when
 * even that is too long, so the plot's thread survives trimming without another model call.
 */
function summaryOf(dropped: { role: string; content: string }[], budgetTokens: number) {
  const lines: string[] = [];
  let budget = budgetTokens;
  for (const turn of [...dropped].reverse()) {
    const line = turn.role === "user" ? `{{user}}: ${firstSentence(turn.content)}` : firstSentence(turn.content);
    const cost = estimateTokens(line);
    if (cost > budget) break;
    lines.unshift(line);
    budget -= cost;
  }
  return lines.length ? `The story so far, in short:\n${lines.join("\n")}` : "";
}

/**
 * The messages for the next passage (decision 019): a system message (the narrator's task, the JSON
 * format, the characters, the person's persona, premise, genre, the lorebooks' entries the recent
 * turns call for, and a summary of trimmed turns), then the recent turns (passages as the JSON they
 * came in), then the action. Earlier turns have {userName} filled (spec section 7). Trimming drops
 * the oldest turns first.
 */
export function buildStoryPrompt(input: StoryPromptInput): PromptMessage[] {
  const names = input.characters.map((c) => c.name);
  const fill = (t: string) => fillPlaceholders(t.replace(/\{\{char\}\}|\{characterName\}/gi, names[0] ?? ""), input.userName, names[0] ?? "");
  // The books' own scan depth (at most 20) decides how many of these are read.
  const recent = [...input.history.slice(-20).map((t) => t.content), input.action ?? input.premise];
  const loreBudget = Math.floor(input.contextTokens * STORY_LIMITS.loreShare);
  const lore = input.characters.flatMap((c) =>
    selectLore(readLorebook(c.cardExtras?.character_book), recent, Math.floor(loreBudget / input.characters.length)).map((entry) =>
      fillPlaceholders(entry, input.userName, c.name),
    ),
  );
  const cast = input.characters.map((c) =>
    [
      `## ${c.name}`,
      fillPlaceholders(c.persona.trim(), input.userName, c.name),
      c.scenario.trim() ? `Scenario: ${fillPlaceholders(c.scenario.trim(), input.userName, c.name)}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  const head = [
    `You are the narrator of an interactive ${input.genre} story. {{user}} is the reader's character; write what happens around {{user}} and what the other characters say and do, never {{user}}'s own words or decisions.`,
    FORMAT,
    `Characters:\n${cast.join("\n\n")}`,
    input.userPersona?.trim() ? `{{user}}'s persona: ${input.userPersona.trim()}` : "",
    input.premise.trim() ? `Premise: ${input.premise.trim()}` : "",
    `Genre and tone: ${input.genre}`,
    lore.length ? `World info:\n${lore.join("\n\n")}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const ask: PromptMessage = {
    role: "user",
    content: fill(input.action ? `{{user}} chooses: ${input.action}\n\nWrite the next passage as JSON.` : "Begin the story with its opening passage, as JSON."),
  };
  const summaryBudget = Math.floor(input.contextTokens * STORY_LIMITS.summaryShare);
  let budget = input.contextTokens - input.maxTokens - estimateTokens(fill(head)) - estimateTokens(ask.content) - summaryBudget;
  const kept: PromptMessage[] = [];
  let firstKept = input.history.length;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const turn = input.history[i];
    // Passages go back in the JSON they came in, so the model keeps answering in it.
    const content =
      turn.role === "user"
        ? fill(`{{user}} chooses: ${turn.content}`)
        : JSON.stringify({ story: fill(turn.content), choices: (turn.choices ?? []).map(({ id, text }) => ({ id, text: fill(text) })) });
    const cost = estimateTokens(content);
    if (cost > budget) break;
    kept.unshift({ role: turn.role === "user" ? "user" : "assistant", content });
    budget -= cost;
    firstKept = i;
  }
  const summary = summaryOf(input.history.slice(0, firstKept), summaryBudget);
  const system: PromptMessage = { role: "system", content: fill([head, summary].filter(Boolean).join("\n\n")) };
  return [system, ...kept, ask];
}
