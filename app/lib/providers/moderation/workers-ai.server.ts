import { LLAMA_GUARD_REFUSED, llamaGuardMessages, readLlamaGuard } from "./llamaguard.server";
import { ModerationUnavailable, type ModerationVerdict, type Moderator } from "./types";

/** The part of the `AI` binding this adapter uses (Workers AI's `run`). */
export type WorkersAi = { run(model: string, input: { messages: { role: string; content: string }[] }): Promise<unknown> };

type Output = { response?: string | { safe?: boolean; categories?: string[] } };

/**
 * Llama Guard 3 on Workers AI (`@cf/meta/llama-guard-3-8b`), where a deployment has the `AI` binding.
 * Its answer is Llama Guard's text, or `{ safe, categories }`.
 */
export function workersAiModerator(ai: WorkersAi, model = "@cf/meta/llama-guard-3-8b"): Moderator {
  const ask = async (messages: { role: string; content: string }[]): Promise<ModerationVerdict> => {
    let output: Output;
    try {
      output = (await ai.run(model, { messages })) as Output;
    } catch (error) {
      throw new ModerationUnavailable(`Workers AI could not classify the text (${String(error)}).`);
    }
    const response = output?.response;
    if (typeof response === "string") return readLlamaGuard(response);
    if (response && typeof response.safe === "boolean") {
      const named = (response.categories ?? []).map((c) => c.toUpperCase());
      return { refused: !response.safe && named.some((c) => LLAMA_GUARD_REFUSED.includes(c)), categories: response.safe ? [] : named };
    }
    throw new ModerationUnavailable("Workers AI sent no verdict.");
  };
  return {
    label: `Workers AI · ${model}`,
    async check(inputs, signal) {
      // The binding takes no signal: the timeout races it, and is let go once the answer is in.
      let onAbort = () => {};
      const timedOut = new Promise<never>((_, reject) => {
        onAbort = () => reject(new ModerationUnavailable("Workers AI took too long."));
        if (signal.aborted) onAbort();
        else signal.addEventListener("abort", onAbort, { once: true });
      });
      timedOut.catch(() => {});
      try {
        return await Promise.race([Promise.all(inputs.map((input) => ask(llamaGuardMessages(input)))), timedOut]);
      } finally {
        signal.removeEventListener("abort", onAbort);
      }
    },
  };
}
