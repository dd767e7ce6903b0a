import type { ChatModelName } from "~/spec/models";

export type PromptMessage = { role: "system" | "user" | "assistant"; content: string };

/** What the offline writer draws on; the openai adapter only uses `messages`. */
export type CharacterHints = { name: string; persona: string; scenario: string; userName: string };

export type GenerateRequest = {
  model: ChatModelName;
  messages: PromptMessage[];
  maxTokens: number;
  character: CharacterHints;
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
