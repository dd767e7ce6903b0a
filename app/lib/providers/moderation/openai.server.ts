import { ModerationUnavailable, type ModerationInput, type ModerationVerdict, type Moderator } from "./types";

/** The categories that refuse a text: the service's one absolute rule (adult sexual content is allowed). */
const REFUSED = ["sexual/minors"];

type Answer = { results?: { flagged?: boolean; categories?: Record<string, boolean>; category_scores?: Record<string, number> }[] };

/**
 * OpenAI-style moderations (OpenAI, and the servers that copy it): POST {base}/moderations with
 * `{ model, input: [...] }`; each result's `categories["sexual/minors"]` refuses. `flagged` alone
 * (adult sexual content, violence in fiction) does not.
 */
export function openAiModerator(options: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch }): Moderator {
  return {
    label: `moderations · ${options.model}`,
    async check(inputs: ModerationInput[], signal: AbortSignal): Promise<ModerationVerdict[]> {
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}/moderations`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, input: inputs.map((i) => i.text) }),
          signal,
        });
      } catch (error) {
        throw new ModerationUnavailable(
          signal.aborted ? "The moderation server took too long." : `The moderation server could not be reached (${String(error)}).`,
        );
      }
      if (!response.ok) throw new ModerationUnavailable(`The moderation server answered ${response.status}.`);
      const answer = (await response.json().catch(() => null)) as Answer | null;
      const results = answer?.results;
      if (!Array.isArray(results) || results.length !== inputs.length)
        throw new ModerationUnavailable("The moderation server's answer did not cover every text.");
      return results.map((result) => {
        const named = Object.entries(result.categories ?? {})
          .filter(([, on]) => on)
          .map(([name]) => name);
        return { refused: REFUSED.some((c) => named.includes(c)), categories: named, scores: result.category_scores };
      });
    },
  };
}
