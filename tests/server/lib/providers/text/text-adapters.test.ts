import { describe, expect, it } from "vitest";
import { offlineGenerator, OFFLINE_LABEL } from "~/lib/providers/text/offline.server";
import { openAiGenerator } from "~/lib/providers/text/openai.server";
import { TextGenerationError, type GenerateRequest } from "~/lib/providers/text/types";

const BASE = "http://127.0.0.1:8795";
const request = (content: string, fields: Partial<GenerateRequest> = {}): GenerateRequest => ({
  model: "Mage",
  messages: [
    { role: "system", content: "You are Mira." },
    { role: "user", content },
  ],
  maxTokens: 125,
  character: { name: "Mira", persona: "Mira's Persona: A calm lighthouse keeper.", scenario: "A storm at sea.", tags: ["Female"], userName: "Sam" },
  ...fields,
});
const collect = async (it: AsyncIterable<string>) => {
  const pieces: string[] = [];
  for await (const p of it) pieces.push(p);
  return pieces;
};
const lastRequest = async () => ((await (await fetch(`${BASE}/last-request`)).json()) as any).chat;

describe("openai adapter against a local OpenAI-compatible server", () => {
  const generator = openAiGenerator({ baseUrl: `${BASE}/v1/`, apiKey: "sk-test", models: { Mage: "llama-3-8b", Succubus: "mythomax-13b" }, timeoutMs: 3000 });

  it("streams the chunks in order, skipping comment lines, until [DONE]", async () => {
    expect((await collect(generator.stream(request("Hi")))).join("")).toBe("Hello there, traveller. The sea is calm tonight.");
  });

  it("sends the spec's sampler values, max_tokens, the mapped model and the key", async () => {
    await collect(generator.stream(request("Hi", { model: "Succubus", maxTokens: 150 })));
    const { body, headers } = await lastRequest();
    expect(headers.authorization).toBe("Bearer sk-test");
    expect(body).toEqual({
      model: "mythomax-13b",
      messages: [
        { role: "system", content: "You are Mira." },
        { role: "user", content: "Hi" },
      ],
      stream: true,
      max_tokens: 150,
      min_p: 0.01,
      temperature: 0.8,
      repetition_penalty: 1.11,
      repetition_penalty_range: 1048,
      mirostat_tau: 3.8,
      mirostat_mode: 0,
      top_k: 20,
      top_p: 0.82,
      frequency_penalty: 0,
      presence_penalty: 0,
    });
  });

  it("a mid-stream error, a broken stream, a 500 and a timeout become clear TextGenerationErrors", async () => {
    const cases: [string, RegExp][] = [
      ["[[error]]", /The model failed: out of memory/],
      ["[[break]]", /cut off|broke off/],
      ["[[500]]", /busy or unreachable/],
    ];
    for (const [content, message] of cases) {
      const pieces: string[] = [];
      const failure = await (async () => {
        try {
          for await (const p of generator.stream(request(content))) pieces.push(p);
        } catch (error) {
          return error;
        }
      })();
      expect(failure, content).toBeInstanceOf(TextGenerationError);
      expect((failure as Error).message, content).toMatch(message);
      if (content !== "[[500]]") expect(pieces.join(""), content).toBe("Hello there, traveller");
    }
    const slow = openAiGenerator({ baseUrl: `${BASE}/v1`, models: {}, timeoutMs: 300 });
    await expect(collect(slow.stream(request("[[slow]]")))).rejects.toThrow(/took too long/);
  });

  it("an unreachable server is a clear error too", async () => {
    const nowhere = openAiGenerator({ baseUrl: "http://127.0.0.1:9/v1", models: {}, timeoutMs: 1000 });
    await expect(collect(nowhere.stream(request("Hi")))).rejects.toThrow(/busy or unreachable/);
  });
});

describe("offline adapter", () => {
  it("streams the writer's reply for the last user message, the same for the same reply id, within the length", async () => {
    const offline = offlineGenerator(0);
    expect(offline.label).toBe(OFFLINE_LABEL);
    const one = (await collect(offline.stream(request("Where is the lamp oil kept?", { seed: "reply-1" })))).join("");
    const two = (await collect(offline.stream(request("Where is the lamp oil kept?", { seed: "reply-1" })))).join("");
    expect(one).toBe(two);
    expect(one).toMatch(/^\*Mira/);
    const short = (await collect(offline.stream(request("Hello there, how are you tonight?", { maxTokens: 8 })))).join("");
    expect(short.split(" ").length).toBeLessThanOrEqual(9);
  });
});
