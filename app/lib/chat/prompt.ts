import { estimateTokens } from "~/lib/tokens";
import type { PromptMessage } from "~/lib/providers/text/types";
import { FALLBACK_NAMES } from "~/spec/messages";

export const FALLBACK_USER_NAME = FALLBACK_NAMES.user;
export const FALLBACK_CHARACTER_NAME = FALLBACK_NAMES.character;

/** {userName} and {characterName}, and the community's {{user}} and {{char}} (spec section 5). */
export function fillPlaceholders(text: string, userName: string, characterName: string) {
  return text
    .replace(/\{userName\}|\{\{user\}\}/gi, userName || FALLBACK_USER_NAME)
    .replace(/\{characterName\}|\{\{char\}\}/gi, characterName || FALLBACK_CHARACTER_NAME);
}

export type PromptInput = {
  character: { name: string; persona: string; scenario: string; exampleDialogue: string; personality?: string; systemPrompt?: string };
  userName: string;
  userPersona: string | null;
  /** The testers' own system prompt (kept per character in their browser). */
  customSystemPrompt?: string | null;
  /** The branch on screen, oldest first, ending with the message to answer. */
  history: { role: "user" | "character" | "system"; content: string }[];
  /** Lorebook entries chosen for this reply (selectLore), in the order they go in. */
  lore?: string[];
  /** What the character remembers of this chat (issue 25): the person's pinned memories, oldest first. */
  memory?: string[];
  /** The running summary of the messages before `history` (issue 25, decision 045). */
  summary?: string | null;
  /** Older moments of the chat recalled for this reply (issue 62), each a few lines, in the order they were said. */
  recalled?: string[];
  contextTokens: number;
  maxTokens: number;
};

const DEFAULT_SYSTEM =
  "You are {{char}}. Write {{char}}'s next reply in this roleplay chat with {{user}}. Stay in character, write actions in *asterisks* and speech in quotes, and never speak for {{user}}.";

/**
 * The messages sent to the model: one system message (the instructions, the character's persona,
 * personality, scenario, world info from the lorebook, the user's persona, the example dialogue and
 * what the character remembers of the chat),
 * then the history, trimmed from the oldest end to fit the context budget. The newest message is
 * always kept.
 */
export function buildPrompt(input: PromptInput): PromptMessage[] {
  return planPrompt(input).messages;
}

/**
 * The prompt, and the history messages that did not fit (the oldest ones, in order): what the running
 * summary folds in next (decision 045).
 */
export function planPrompt<H extends PromptInput["history"][number]>(
  input: Omit<PromptInput, "history"> & { history: H[] },
): { messages: PromptMessage[]; dropped: H[] } {
  const fill = (t: string) => fillPlaceholders(t, input.userName, input.character.name);
  const c = input.character;
  const sections = [
    input.customSystemPrompt?.trim() || c.systemPrompt?.trim() || DEFAULT_SYSTEM,
    c.persona.trim(),
    c.personality?.trim() ? `{{char}}'s personality: ${c.personality.trim()}` : "",
    c.scenario.trim() ? `Scenario: ${c.scenario.trim()}` : "",
    input.lore?.length ? `World info:\n${input.lore.join("\n\n")}` : "",
    input.userPersona?.trim() ? `{{user}}'s persona: ${input.userPersona.trim()}` : "",
    c.exampleDialogue.trim() ? `Example dialogue:\n${c.exampleDialogue.trim()}` : "",
    // Last, closest to the recent messages: what this chat must not forget, however long it grows.
    input.memory?.length ? `What {{char}} remembers of this chat:\n${input.memory.map((m) => `- ${m}`).join("\n")}` : "",
    input.summary?.trim() ? `The story so far: ${input.summary.trim()}` : "",
    input.recalled?.length ? `Earlier moments of this chat that {{char}} recalls now:\n${input.recalled.join("\n\n")}` : "",
  ].filter(Boolean);
  const system: PromptMessage = { role: "system", content: fill(sections.join("\n\n")) };
  let budget = input.contextTokens - input.maxTokens - estimateTokens(system.content);
  const kept: PromptMessage[] = [];
  const history: H[] = input.history.filter((m) => m.role !== "system" && m.content.trim());
  let first = history.length;
  for (let i = history.length - 1; i >= 0; i--) {
    const m: PromptMessage = { role: history[i].role === "user" ? "user" : "assistant", content: fill(history[i].content) };
    const cost = estimateTokens(m.content);
    if (kept.length > 0 && cost > budget) break;
    kept.unshift(m);
    budget -= cost;
    first = i;
  }
  return { messages: [system, ...kept], dropped: history.slice(0, first) };
}
