import { describe, expect, it } from "vitest";
import { planPrompt } from "~/lib/chat/prompt";
import { estimateTokens } from "~/lib/tokens";
import { clipSummary, offlineSummary, SUMMARY_FOLD_MAX_CHARS, SUMMARY_MAX_CHARS, summaryJob, summaryOnBranch } from "~/lib/chat/summary";

const names = { user: "Sam", character: "Mira" };
const character = { name: "Mira", persona: "Mira's Persona: A lighthouse keeper.", scenario: "", exampleDialogue: "" };

/** The person's lines: a fact in message 3, then ordinary talk. */
const userLine = (n: number) =>
  n === 3 ? "My sister is called Ilse and she lives in Vell." : `I walk along the shore for the ${n}th time and watch the gulls over the water.`;
const characterLine = (n: number) => `*nods* The tide is turning again, number ${n}, and the lamp needs oil before the night comes.`;

describe("the running summary (issue 25, decision 045)", () => {
  it("keeps a fact from message 3 in the prompt of message 300 of a chat in a 2,048-token context, within budget every turn", () => {
    const contextTokens = 2048;
    const maxTokens = 300;
    const all: { id: string; role: "user" | "character"; content: string }[] = [{ id: "m0", role: "character", content: "Welcome to the lighthouse." }];
    const summaries: { throughMessageId: string; text: string }[] = [];
    let lastPrompt = "";
    for (let n = 1; all.length < 300; n++) {
      all.push({ id: `m${all.length}`, role: "user", content: userLine(all.length) });
      const { text: summary, after } = summaryOnBranch(summaries, all);
      const history = all.slice(after);
      const { messages, dropped } = planPrompt({ character, userName: "Sam", userPersona: null, history, summary, contextTokens, maxTokens });
      expect(messages.reduce((sum, m) => sum + estimateTokens(m.content), 0)).toBeLessThanOrEqual(contextTokens - maxTokens);
      lastPrompt = messages.map((m) => m.content).join("\n");
      // The reply is stored, then the summary folds in what fell out.
      all.push({ id: `m${all.length}`, role: "character", content: characterLine(n) });
      const job = summaryJob(history, dropped.length, summary, names);
      if (job) summaries.push({ throughMessageId: job.throughMessageId, text: clipSummary(offlineSummary(job.previous, job.transcript, job.names)) });
    }
    expect(summaries.length).toBeGreaterThan(5);
    expect(lastPrompt).not.toContain("My sister is called Ilse");
    expect(lastPrompt).toContain("The story so far:");
    expect(lastPrompt).toContain("Sam's sister is called Ilse and she lives in Vell.");
    expect(summaries.at(-1)!.text.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
  });

  it("folds a long backlog (an imported chat) a part at a time, oldest first, never the whole of it in one request", () => {
    const history = Array.from({ length: 5000 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "user" : "character", content: userLine(i + 1) }));
    const first = summaryJob(history, 4990, null, names)!;
    const size = (job: typeof first) => job.transcript.reduce((n, m) => n + m.content.length, 0);
    expect(size(first)).toBeLessThanOrEqual(SUMMARY_FOLD_MAX_CHARS);
    expect(first.transcript[0].content).toBe(userLine(1));
    // The next reply goes on from where this one stopped.
    const after = history.findIndex((m) => m.id === first.throughMessageId) + 1;
    const second = summaryJob(history.slice(after), 4990 - after, "so far", names)!;
    expect(second.transcript[0].content).toBe(history[after].content);
    expect(second.previous).toBe("so far");
    // One message longer than the cap is still folded, alone.
    const huge = summaryJob([{ id: "big", role: "user", content: "x".repeat(SUMMARY_FOLD_MAX_CHARS * 2) }, ...history.slice(0, 10)], 5, null, names)!;
    expect(huge.throughMessageId).toBe("big");
  });

  it("belongs to its branch: a branch that left before the summary's point does not see it", () => {
    const summaries = [{ throughMessageId: "b", text: "Sam's sister is Ilse." }];
    expect(summaryOnBranch(summaries, [{ id: "a" }, { id: "b" }, { id: "c" }])).toEqual({ throughMessageId: "b", text: "Sam's sister is Ilse.", after: 2 });
    expect(summaryOnBranch(summaries, [{ id: "a" }, { id: "b2" }, { id: "c2" }])).toEqual({ throughMessageId: null, text: null, after: 0 });
  });

  it("the offline summary tells the person's words in the third person and never makes anything up", () => {
    const summary = offlineSummary(
      "",
      [
        { role: "user", content: "*sits down* I am a cartographer. My sister is called Ilse. Where is the lamp?" },
        { role: "character", content: "It is upstairs, Sam." },
      ],
      names,
    );
    expect(summary).toBe("Sam is a cartographer. Sam's sister is called Ilse.");
  });
});
