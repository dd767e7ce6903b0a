import { ModerationUnavailable, type ModerationInput, type ModerationVerdict, type Moderator } from "./types";

/**
 * The hazard categories of Llama Guard 3 (its model card: S1 violent crimes ... S14 code interpreter
 * abuse) that refuse a text here: S4, child sexual exploitation. S12 (sexual content) is what an
 * adult service is for, and fiction's violence is not refused either.
 */
export const LLAMA_GUARD_REFUSED = ["S4"];

/** Reads Llama Guard's answer: "safe", or "unsafe" and a line of categories ("S4" or "S1,S4"). */
export function readLlamaGuard(text: string): ModerationVerdict {
  const [verdict = "", categories = ""] = text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim());
  if (/^safe$/i.test(verdict)) return { refused: false, categories: [] };
  if (!/^unsafe$/i.test(verdict)) throw new ModerationUnavailable(`The moderation model answered neither safe nor unsafe ("${text.slice(0, 40)}").`);
  const named = categories
    .split(/[,\s]+/)
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^S\d{1,2}$/.test(c));
  return { refused: named.some((c) => LLAMA_GUARD_REFUSED.includes(c)), categories: named };
}

/** The conversation Llama Guard classifies: a person's text as the user's turn; a model's as the assistant's answer to its context. */
export const llamaGuardMessages = (input: ModerationInput) =>
  input.author === "model"
    ? [
        { role: "user", content: input.context?.trim() || "Continue the story." },
        { role: "assistant", content: input.text },
      ]
    : [{ role: "user", content: input.text }];

type Completion = { choices?: { message?: { content?: string } }[] };

/**
 * Llama Guard 3 through any OpenAI-compatible chat-completions server (llama.cpp, vLLM, Ollama,
 * OpenRouter): the server applies the model's own template, which holds the categories; one request
 * per text, in parallel, at temperature 0.
 */
export function llamaGuardModerator(options: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch }): Moderator {
  const url = `${options.baseUrl.replace(/\/$/, "")}/chat/completions`;
  const ask = async (input: ModerationInput, signal: AbortSignal) => {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ model: options.model, messages: llamaGuardMessages(input), temperature: 0, max_tokens: 20, stream: false }),
        signal,
      });
    } catch (error) {
      throw new ModerationUnavailable(signal.aborted ? "The moderation model took too long." : `The moderation model could not be reached (${String(error)}).`);
    }
    if (!response.ok) throw new ModerationUnavailable(`The moderation model answered ${response.status}.`);
    const answer = (await response.json().catch(() => null)) as Completion | null;
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== "string") throw new ModerationUnavailable("The moderation model sent no answer.");
    return readLlamaGuard(content);
  };
  return { label: `Llama Guard · ${options.model}`, check: (inputs, signal) => Promise.all(inputs.map((input) => ask(input, signal))) };
}
