/**
 * A content classifier behind the offline screen (issue 59, decision 082): it is asked about texts
 * the screen passed, and says which are refused. Adapters speak the community's protocols
 * (OpenAI-style moderations, Llama Guard through chat completions, Workers AI's Llama Guard).
 */

/** What is asked: a text, who wrote it (a person, or the model answering `context`). */
export type ModerationInput = { text: string; author: "person" | "model"; context?: string };

/** What the classifier said of one text: refused or not, and the categories it named (its own words: "S4", "sexual/minors"). */
export type ModerationVerdict = { refused: boolean; categories: string[]; scores?: Record<string, number> };

export type Moderator = {
  /** Names the classifier in Mod Central and in logs. */
  label: string;
  check(inputs: ModerationInput[], signal: AbortSignal): Promise<ModerationVerdict[]>;
};

/** The classifier could not answer (down, timed out, answered nonsense): what it was asked is held for review. */
export class ModerationUnavailable extends Error {}
