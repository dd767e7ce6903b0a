import { EmbeddingsUnavailable, type Embedder } from "./types";

type Answer = { data?: { index?: number; embedding?: unknown }[] };

/**
 * OpenAI-style embeddings, as llama.cpp's server, Ollama, vLLM, LocalAI, OpenAI and Workers AI's
 * OpenAI endpoint serve them: POST {base}/embeddings with `{ model, input: [...] }`; `data[i].embedding`
 * is the vector of `input[i]` (matched by `index` when the server gives one).
 */
export function openAiEmbedder(options: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch }): Embedder {
  return {
    label: `embeddings · ${options.model}`,
    async embed(texts: string[], signal: AbortSignal): Promise<number[][]> {
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}/embeddings`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, input: texts, encoding_format: "float" }),
          signal,
        });
      } catch (error) {
        throw new EmbeddingsUnavailable(
          signal.aborted ? "The embeddings server took too long." : `The embeddings server could not be reached (${String(error)}).`,
        );
      }
      if (!response.ok) throw new EmbeddingsUnavailable(`The embeddings server answered ${response.status}.`);
      const answer = (await response.json().catch(() => null)) as Answer | null;
      const data = answer?.data;
      if (!Array.isArray(data) || data.length !== texts.length) throw new EmbeddingsUnavailable("The embeddings server's answer did not cover every text.");
      const vectors: number[][] = new Array(texts.length);
      data.forEach((item, place) => {
        const at = typeof item.index === "number" ? item.index : place;
        const vector = item.embedding;
        if (!Array.isArray(vector) || !vector.length || !vector.every((v) => typeof v === "number" && Number.isFinite(v)) || at < 0 || at >= texts.length)
          throw new EmbeddingsUnavailable("The embeddings server answered a vector that is not a list of numbers.");
        vectors[at] = vector as number[];
      });
      if (vectors.some((v) => !v) || vectors.some((v) => v.length !== vectors[0].length))
        throw new EmbeddingsUnavailable("The embeddings server's vectors do not all have the same length.");
      return vectors;
    },
  };
}
