import type { ChatModelName } from "~/spec/models";

export type PromptMessage = { role: "system" | "user" | "assistant"; content: string };

/** What the offline writer draws on (the card and who is talking); the openai adapter only uses `messages`. */
export type CharacterHints = {
  name: string;
  persona: string;
  personality?: string | null;
  scenario: string;
  exampleDialogue?: string;
  greeting?: string;
  tags: string[];
  userName: string;
  /** The lorebook entries the person's last message called up (not the always-on ones), best first. */
  lore?: string[];
  /** The chat's memory the person's last message asks for, in the character's words (memory-recall.ts). */
  recalled?: string | null;
  /** In a group (decision 051): the last words said, by the person or another member, which the reply answers. */
  answering?: string;
  /** In a group: the other members' names, whom the character may turn to. */
  others?: string[];
};

/** What the offline writer draws on for a story turn; the openai adapter only uses `messages`. */
export type StoryHints = {
  characters: { name: string; persona: string; scenario: string; tags: string[] }[];
  premise: string;
  genre: string;
  userName: string;
  /** The choice's text or the action the person typed; null for the opening passage. */
  action: string | null;
  /** How many passages came before this one. */
  turn: number;
};

export type GenerateRequest = {
  model: ChatModelName;
  messages: PromptMessage[];
  maxTokens: number;
  character: CharacterHints;
  /** The reply's id: the offline writer varies by it, so a regenerate reads differently. */
  seed?: string;
  /** Set for a Story mode turn: the reply is then a JSON story turn, not a chat message. */
  story?: StoryHints;
  signal?: AbortSignal;
};

/** One text-generation backend. `stream` yields text pieces as they arrive. */
export interface TextGenerator {
  /** Shown next to replies, e.g. "Offline demo model". */
  label: string | null;
  stream(request: GenerateRequest): AsyncIterable<string>;
}

/** A failure with a message a person can read (stored on the failed reply). */
export class TextGenerationError extends Error {}
