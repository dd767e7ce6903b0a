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
};

export type GenerateRequest = {
  model: ChatModelName;
  messages: PromptMessage[];
  maxTokens: number;
  character: CharacterHints;
  /** The reply's id: the offline writer varies by it, so a regenerate reads differently. */
  seed?: string;
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
