import { describe, expect, it } from "vitest";
import { cosine, fuseRankings, nearestCodes, quantise, signBits } from "~/lib/chat/vectors";
import { openAiEmbedder } from "~/lib/providers/embeddings/openai.server";
import { EmbeddingsUnavailable } from "~/lib/providers/embeddings/types";

// Hybrid recall's vectors (issue 62, decision 089): how they are kept, compared and fused, and the
// adapter against tests/support/fake-embeddings.mjs (served by the fake OpenAI server on 8795).
const server = { baseUrl: "http://127.0.0.1:8795/v1", model: "fake-embed" };

describe("vectors kept in a byte per dimension", () => {
  it("keep their direction: the cosine with the original is close to 1, and unrelated vectors stay apart", () => {
    const a = Array.from({ length: 384 }, (_, i) => Math.sin(i * 1.7) * (i % 7));
    const b = Array.from({ length: 384 }, (_, i) => Math.cos(i * 0.3) * (i % 5));
    expect(cosine(a, quantise(a))).toBeGreaterThan(0.999);
    const exact = a.reduce((s, v, i) => s + v * b[i], 0) / Math.hypot(...a) / Math.hypot(...b);
    expect(Math.abs(cosine(a, quantise(b)) - exact)).toBeLessThan(0.01);
    expect(cosine(a, quantise(a.slice(0, 100)))).toBe(0);
    expect(cosine(a, quantise(new Array(384).fill(0)))).toBe(0);
  });

  it("find the nearest by their sign bits, among those kept, nearest first", () => {
    const dims = 64;
    const rows = [0, 1, 2, 3, 4].map((n) => Array.from({ length: dims }, (_, i) => (i < n * 8 ? -1 : 1)));
    const codes = new Uint32Array(rows.length * 2);
    rows.forEach((r, n) => codes.set(signBits(r), n * 2));
    const query = signBits(new Array(dims).fill(1));
    expect(nearestCodes(codes, rows.length, query, 3)).toEqual([0, 1, 2]);
    expect(nearestCodes(codes, rows.length, query, 2, (row) => row % 2 === 1)).toEqual([1, 3]);
    expect(nearestCodes(codes, rows.length, query, 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it("fuse rankings: found by words and by meaning beats found by one", () => {
    expect(
      fuseRankings([
        ["a", "b", "c"],
        ["c", "d"],
      ]),
    ).toEqual(["c", "a", "b", "d"]);
    expect(fuseRankings([[], ["x"]])).toEqual(["x"]);
  });
});

describe("the OpenAI-compatible embeddings adapter", () => {
  it("answers each text's vector, in order", async () => {
    const embedder = openAiEmbedder(server);
    const [dog, puppy, tide] = await embedder.embed(["I named my dog Biscuit.", "What was my puppy called?", "The tide is in."], AbortSignal.timeout(5000));
    expect(dog).toHaveLength(256);
    expect(cosine(dog, quantise(puppy))).toBeGreaterThan(0.5);
    expect(cosine(dog, quantise(tide))).toBeLessThan(0.2);
  });

  it("says the server is unavailable when it fails, cannot be reached, or answers nonsense", async () => {
    await expect(openAiEmbedder(server).embed(["[[embeddings-down]]"], AbortSignal.timeout(5000))).rejects.toThrow(EmbeddingsUnavailable);
    await expect(openAiEmbedder({ ...server, baseUrl: "http://127.0.0.1:9/v1" }).embed(["x"], AbortSignal.timeout(5000))).rejects.toThrow(
      /could not be reached/,
    );
    const nonsense = (body: unknown) => (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch;
    for (const body of [{}, { data: [] }, { data: [{ embedding: "no" }] }, { data: [{ embedding: [1, 2] }, { embedding: [1] }] }])
      await expect(
        openAiEmbedder({ ...server, fetch: nonsense(body) }).embed(
          ["a", "b"].slice(0, Math.max(1, (body as { data?: unknown[] }).data?.length ?? 1)),
          AbortSignal.timeout(5000),
        ),
      ).rejects.toThrow(EmbeddingsUnavailable);
  });
});
