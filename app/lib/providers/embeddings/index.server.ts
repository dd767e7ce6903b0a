import type { Config } from "~/lib/config.server";
import { openAiEmbedder } from "./openai.server";
import type { Embedder } from "./types";

/** The embeddings server the deployment names (EMBEDDINGS_PROVIDER; decision 089), or null for `none`: recall is then text only. */
export function embedderFor(config: Pick<Config, "embeddings">): Embedder | null {
  const { provider, baseUrl, apiKey, model } = config.embeddings;
  if (provider === "none" || !baseUrl || !model) return null;
  return openAiEmbedder({ baseUrl, apiKey, model });
}
