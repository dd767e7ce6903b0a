import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { screenEvents } from "~/db/schema";
import { llamaGuardModerator, readLlamaGuard } from "~/lib/providers/moderation/llamaguard.server";
import { openAiModerator } from "~/lib/providers/moderation/openai.server";
import { ModerationUnavailable } from "~/lib/providers/moderation/types";
import { workersAiModerator, type WorkersAi } from "~/lib/providers/moderation/workers-ai.server";
import { gate, type GateDeps } from "~/services/safety/safety-gate.server";
import { reviewScreenEvent } from "~/models/screen-events.server";
import { SCREEN_MESSAGES } from "~/spec/messages";
import { insertUser, testDb } from "../../../support/fixtures";

const BASE = "http://127.0.0.1:8795/v1";
const asked = async () =>
  (await (await fetch(`${BASE.replace("/v1", "")}/moderation-requests`)).json()) as {
    moderations: any[];
    guard: any[];
    counts: { moderations: number; guard: number };
  };
const signal = () => AbortSignal.timeout(2000);
const person = (text: string) => ({ text, author: "person" as const });

describe("the OpenAI-style moderations adapter against a local server", () => {
  const moderator = openAiModerator({ baseUrl: `${BASE}/`, apiKey: "mod-key", model: "omni-moderation-latest" });

  it("asks for every text in one request, with the key and model, and refuses only sexual/minors", async () => {
    const verdicts = await moderator.check([person("A quiet dinner."), person("[[minors]] text"), person("[[adult]] text")], signal());
    expect(verdicts.map((v) => v.refused)).toEqual([false, true, false]);
    expect(verdicts[1].categories).toContain("sexual/minors");
    expect(verdicts[2].categories).toEqual(["sexual"]);
    expect(verdicts[1].scores?.["sexual/minors"]).toBeGreaterThan(0.9);
    const last = (await asked()).moderations.at(-1);
    expect(last.authorization).toBe("Bearer mod-key");
    expect(last.body).toEqual({ model: "omni-moderation-latest", input: ["A quiet dinner.", "[[minors]] text", "[[adult]] text"] });
  });

  it("a 500, a short answer, a refused connection and a timeout are ModerationUnavailable with a plain reason", async () => {
    await expect(moderator.check([person("[[mod-500]]")], signal())).rejects.toThrow(/answered 500/);
    await expect(moderator.check([person("a"), person("[[mod-short]]")], signal())).rejects.toThrow(/did not cover every text/);
    const nowhere = openAiModerator({ baseUrl: "http://127.0.0.1:9/v1", model: "m" });
    await expect(nowhere.check([person("a")], signal())).rejects.toThrow(/could not be reached/);
    const slow = moderator.check([person("[[mod-slow]]")], AbortSignal.timeout(200));
    await expect(slow).rejects.toBeInstanceOf(ModerationUnavailable);
    await expect(slow).rejects.toThrow(/took too long/);
  });
});

describe("the Llama Guard adapter against a local chat-completions server", () => {
  const moderator = llamaGuardModerator({ baseUrl: BASE, apiKey: "guard-key", model: "llama-guard-3-8b" });

  it("refuses S4 only; a person's text is the user's turn, a model's text the assistant's answer to its context", async () => {
    const verdicts = await moderator.check(
      [person("[[minors]] a text"), person("[[adult]] a text"), { text: "The tide came in.", author: "model", context: "Tell me about the sea." }],
      signal(),
    );
    expect(verdicts).toEqual([
      { refused: true, categories: ["S4"] },
      { refused: false, categories: ["S12"] },
      { refused: false, categories: [] },
    ]);
    const guard = (await asked()).guard.slice(-3);
    const reply = guard.find((body) => body.messages.length === 2);
    expect(reply.messages).toEqual([
      { role: "user", content: "Tell me about the sea." },
      { role: "assistant", content: "The tide came in." },
    ]);
    expect(reply).toMatchObject({ model: "llama-guard-3-8b", temperature: 0, stream: false });
    expect(guard.filter((body) => body.messages.length === 1).map((body) => body.messages[0].role)).toEqual(["user", "user"]);
  });

  it("reads the answers the model card describes, and refuses to guess at others", () => {
    expect(readLlamaGuard("safe")).toEqual({ refused: false, categories: [] });
    expect(readLlamaGuard("\n\nunsafe\nS1,S4")).toEqual({ refused: true, categories: ["S1", "S4"] });
    expect(readLlamaGuard("unsafe\nS10")).toEqual({ refused: false, categories: ["S10"] });
    expect(() => readLlamaGuard("Sure! Here is a story")).toThrow(ModerationUnavailable);
  });

  it("a 500, an answer that is neither safe nor unsafe, and a timeout are ModerationUnavailable", async () => {
    await expect(moderator.check([person("[[guard-500]]")], signal())).rejects.toThrow(/answered 500/);
    await expect(moderator.check([person("[[guard-nonsense]]")], signal())).rejects.toThrow(/neither safe nor unsafe/);
    await expect(moderator.check([person("[[guard-slow]]")], AbortSignal.timeout(200))).rejects.toThrow(/took too long/);
  });
});

describe("the Workers AI adapter", () => {
  const ai = (answer: (messages: { role: string; content: string }[]) => unknown): WorkersAi & { calls: unknown[] } => {
    const calls: unknown[] = [];
    return { calls, run: async (model, input) => (calls.push({ model, input }), answer(input.messages)) };
  };

  it("reads Llama Guard's text and the { safe, categories } object, and asks the model it was given", async () => {
    const binding = ai((messages) => (messages.at(-1)!.content.includes("minor") ? { response: { safe: false, categories: ["S4"] } } : { response: "safe" }));
    const verdicts = await workersAiModerator(binding).check([person("a minor thing"), person("the sea")], signal());
    expect(verdicts.map((v) => v.refused)).toEqual([true, false]);
    expect(binding.calls[0]).toMatchObject({ model: "@cf/meta/llama-guard-3-8b" });
  });

  it("a thrown binding, an empty answer and a hang are ModerationUnavailable", async () => {
    await expect(
      workersAiModerator(
        ai(() => {
          throw new Error("3040: capacity");
        }),
      ).check([person("a")], signal()),
    ).rejects.toThrow(/could not classify/);
    await expect(workersAiModerator(ai(() => ({}))).check([person("a")], signal())).rejects.toThrow(/no verdict/);
    await expect(workersAiModerator(ai(() => new Promise(() => {}))).check([person("a")], AbortSignal.timeout(100))).rejects.toThrow(/too long/);
  });
});

describe("the gate with a classifier behind the offline screen", () => {
  const deps = async (provider: "openai" | "llamaguard", fields: Partial<GateDeps["config"]["moderation"]> = {}) => {
    const userId = await insertUser({ email: `gate-${crypto.randomUUID()}@example.com` });
    const config = {
      moderation: {
        provider,
        baseUrl: BASE,
        apiKey: "k",
        model: provider === "openai" ? "omni-moderation-latest" : "llama-guard-3-8b",
        timeoutMs: 300,
        dailyBudget: 100,
        ...fields,
      },
    };
    return { config, db: testDb(), env: {}, userId } as GateDeps;
  };
  const eventsOf = (userId: string) => testDb().select().from(screenEvents).where(eq(screenEvents.userId, userId)).all();
  const statusOf = async (thrown: unknown) => {
    const response = thrown as Response;
    const { error } = (await response.json()) as { error: { message: string; code: string } };
    return { status: response.status, body: error };
  };
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it("the classifier's refusal answers 400 with the safety message and is queued for moderators", async () => {
    const d = await deps("openai");
    const thrown = await gate(d)
      .one("memory.pin", "[[minors]] a walk by the sea")
      .catch((e) => e);
    const { status, body } = await statusOf(thrown);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "unsafe", message: SCREEN_MESSAGES.refused });
    await settle();
    expect(await eventsOf(d.userId!)).toMatchObject([
      { source: "classifier", field: "memory.pin", rule: expect.stringContaining("sexual/minors"), status: "open" },
    ]);
  });

  it("the offline screen still decides first: the classifier is not asked about what it refused", async () => {
    const d = await deps("openai");
    const before = (await asked()).counts.moderations;
    const thrown = await gate(d)
      .one("character.description", "She is 12 years old and I kiss her.")
      .catch((e) => e);
    expect((await statusOf(thrown)).status).toBe(400);
    expect((await asked()).counts.moderations).toBe(before);
  });

  it("when the classifier cannot answer, the text is held for review (409), not passed; a moderator's approval lets that text through for its author", async () => {
    const d = await deps("llamaguard");
    const text = "A long walk on the pier [[guard-500]]";
    const { status, body } = await statusOf(
      await gate(d)
        .one("persona.text", text)
        .catch((e) => e),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: "pending_review", message: SCREEN_MESSAGES.pending });
    await settle();
    const [held] = await eventsOf(d.userId!);
    expect(held).toMatchObject({ source: "pending", text, status: "open" });
    expect(await reviewScreenEvent(testDb(), held.id, "approved", { id: d.userId!, email: "mod@example.com" } as never)).toBe(true);
    expect(await gate(d).one("persona.text", text)).toBe(text);
    expect(await reviewScreenEvent(testDb(), held.id, "dismissed", { id: d.userId!, email: "mod@example.com" } as never)).toBe(false);
  });

  it("a slow classifier is a pending item after the timeout, not a hang", async () => {
    const d = await deps("openai", { timeoutMs: 150 });
    const started = Date.now();
    const { status } = await statusOf(
      await gate(d)
        .one("group.scenario", "[[mod-slow]] a calm harbour")
        .catch((e) => e),
    );
    expect(status).toBe(409);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("a model's refused reply is recorded as withheld, and a moderator's approval does not let a model's text through", async () => {
    const d = await deps("openai");
    const [verdict] = await gate(d).check([{ field: "reply", text: "[[minors]] a reply", author: "model", context: "hello" }]);
    expect(verdict.ok).toBe(false);
    await settle();
    expect(await eventsOf(d.userId!)).toMatchObject([{ source: "withheld", field: "reply" }]);
  });

  it("a person's classified texts have a daily budget: past it the answer is 429, and nothing is classified", async () => {
    const d = await deps("openai", { dailyBudget: 3 });
    const g = gate(d);
    await g.require([person("one"), person("two")].map((p) => ({ field: "memory.pin" as const, text: p.text })));
    await g.one("memory.pin", "three");
    const before = (await asked()).counts.moderations;
    const { status } = await statusOf(await g.one("memory.pin", "four").catch((e) => e));
    expect(status).toBe(429);
    expect((await asked()).counts.moderations).toBe(before);
  });

  it("texts pass with the classifier's safe answer, and empty texts are not sent", async () => {
    const d = await deps("llamaguard");
    const before = (await asked()).counts.guard;
    expect(
      await gate(d).require([
        { field: "story.premise", text: "A heist in a city of glass" },
        { field: "story.title", text: "  " },
      ]),
    ).toEqual(["A heist in a city of glass", "  "]);
    expect((await asked()).counts.guard).toBe(before + 1);
  });
});
