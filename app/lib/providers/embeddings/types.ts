/**
 * An embeddings server behind hybrid recall (issue 62, decision 089): it turns texts into vectors
 * whose cosine says how alike their meanings are. Optional: without one, recall is text only.
 */
export type Embedder = {
  /** Names the server and model in logs, e.g. "embeddings · nomic-embed-text". */
  label: string;
  /** The texts' vectors, in order. Throws EmbeddingsUnavailable when the server cannot answer. */
  embed(texts: string[], signal: AbortSignal): Promise<number[][]>;
};

/** The server could not answer (down, timed out, answered nonsense): the texts wait for a later try, and recall is text only meanwhile. */
export class EmbeddingsUnavailable extends Error {}
