// OpenAI-style embeddings for tests and the bench (POST /v1/embeddings, `{ model, input }` ->
// `{ data: [{ index, embedding }] }`), as llama.cpp's server, Ollama and vLLM answer. Its vectors
// stand for meaning the simple way: each word adds a component (a hash picks which, and its sign),
// and words of one family below (dog, puppy, hound...) add the same component, three times as
// strongly, so "What was my puppy called?" is near "I named my dog Biscuit" with no word in common.
// Common words add nothing. An input with "[[embeddings-down]]" makes the request answer 503;
// "[[embeddings-slow]]" makes it wait 2 s.

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const FAMILIES = [
  ["dog", "dogs", "puppy", "puppies", "pup", "hound", "doggo", "pooch"],
  ["cat", "cats", "kitten", "kitty", "feline"],
  ["name", "named", "names", "called", "call", "nickname", "nicknamed"],
  ["boat", "boats", "ship", "vessel", "sloop", "dinghy", "yacht"],
  ["sister", "sibling", "brother", "siblings"],
  ["afraid", "scared", "fear", "frightened", "terrified", "phobia"],
  ["birthday", "born", "birth"],
  ["house", "home", "cottage", "flat", "apartment"],
];
const FAMILY = new Map(FAMILIES.flatMap((words) => words.map((w) => [w, words[0]])));
const COMMON = new Set(
  "a an the and or but of to in on at by for with from is are was were be been am i me my mine you your we our it its he she his her they them their this that what which who how do does did have has had not no yes so as if then there here".split(
    " ",
  ),
);

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The vector of a text: unit length, or all zeros when it has no word worth one. */
export function fakeEmbedding(text) {
  const vector = new Array(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of String(text)
    .toLowerCase()
    .match(/[a-z]+/g) ?? []) {
    if (COMMON.has(word) || word.length < 2) continue;
    const family = FAMILY.get(word);
    const h = hash(family ?? word);
    vector[h % FAKE_EMBEDDING_DIMENSIONS] += (h & 0x100 ? 1 : -1) * (family ? 3 : 1);
  }
  const length = Math.hypot(...vector);
  return length ? vector.map((v) => v / length) : vector;
}

/** How many embeddings requests and texts were answered (GET /embedding-requests), for tests. */
export const embeddingStats = { requests: 0, texts: 0 };

export async function answerEmbeddings(res, raw) {
  let body;
  try {
    body = JSON.parse(raw || "{}");
  } catch {
    body = {};
  }
  const input = typeof body.input === "string" ? [body.input] : Array.isArray(body.input) ? body.input : null;
  if (!input || !input.every((t) => typeof t === "string")) {
    res.writeHead(400, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: { message: "input must be a string or a list of strings" } }));
  }
  if (input.some((t) => t.includes("[[embeddings-down]]"))) {
    res.writeHead(503, { "content-type": "application/json" });
    return res.end(JSON.stringify({ error: { message: "embeddings down" } }));
  }
  if (input.some((t) => t.includes("[[embeddings-slow]]"))) await new Promise((r) => setTimeout(r, 2000));
  embeddingStats.requests++;
  embeddingStats.texts += input.length;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      object: "list",
      model: body.model ?? "fake-embed",
      data: input.map((text, index) => ({ object: "embedding", index, embedding: fakeEmbedding(text) })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    }),
  );
}
