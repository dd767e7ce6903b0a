import { describe, expect, it } from "vitest";
import { branchTree, mergeLatest, pathTo, type BranchSegment, type MessageRow } from "~/user-store/chat-tree";

let clock = 0;
const row = (id: string, parentId: string | null, role: MessageRow["role"], content = id): MessageRow => ({
  id,
  chatId: "chat",
  parentId,
  role,
  content,
  speakerId: null,
  status: "complete",
  error: null,
  model: null,
  createdAt: new Date(1_700_000_000_000 + clock++),
  stopped: false,
  interrupted: false,
  memory: null,
});

// greeting → question → reply 1 → question 2 → reply 2, then "Branch from here" on reply 1 (reply 1b).
const chat = [
  row("greet", null, "character", "Hello there, traveller."),
  row("q1", "greet", "user"),
  row("r1", "q1", "character"),
  row("q2", "r1", "user"),
  row("r2", "q2", "character"),
  row("r1b", "q1", "character", "A different answer."),
];

const shape = (segments: BranchSegment[]): unknown[] =>
  segments.map((s) => ({ id: s.id, tip: s.tipId, length: s.length, depth: s.depth, on: s.onScreen, children: shape(s.children) }));

describe("the chat's branches", () => {
  it("marks the message where another version goes on, and only there", () => {
    const onScreen = pathTo(chat, "r1b");
    expect(onScreen.map((m) => [m.id, !!m.branched])).toEqual([
      ["greet", false],
      ["q1", false],
      ["r1b", true],
    ]);
    // The version set aside is a branch point too, seen from its own branch.
    expect(pathTo(chat, "r2").map((m) => [m.id, !!m.branched])).toEqual([
      ["greet", false],
      ["q1", false],
      ["r1", true],
      ["q2", false],
      ["r2", false],
    ]);
  });

  it("does not call a swipe of the last reply a branch", () => {
    const swiped = [...chat.slice(0, 5), row("r2b", "q2", "character")];
    expect(pathTo(swiped, "r2b").some((m) => m.branched)).toBe(false);
  });

  it("is a tree of runs: one run to the fork, then one run per version, the one on screen marked", () => {
    expect(shape(branchTree(chat, "r1b"))).toEqual([
      {
        id: "greet",
        tip: "r1b",
        length: 2,
        depth: 2,
        on: true,
        children: [
          { id: "r1", tip: "r2", length: 3, depth: 5, on: false, children: [] },
          { id: "r1b", tip: "r1b", length: 1, depth: 3, on: true, children: [] },
        ],
      },
    ]);
  });

  it("previews a message on one line and shortens a long one", () => {
    const long = [row("g", null, "character", `Line one\nline two ${"word ".repeat(40)}`)];
    const [segment] = branchTree(long, "g");
    expect(segment.preview.startsWith("Line one line two word")).toBe(true);
    expect(segment.preview.endsWith("…")).toBe(true);
    expect(segment.preview.length).toBeLessThanOrEqual(90);
  });

  it("walks a long chat without recursion", () => {
    const rows = [row("m0", null, "character")];
    for (let i = 1; i < 20_000; i++) rows.push(row(`m${i}`, `m${i - 1}`, i % 2 ? "user" : "character"));
    const [segment] = branchTree(rows, "m19999");
    expect(segment.length).toBe(20_000);
    expect(segment.tipId).toBe("m19999");
  });
});

describe("mergeLatest: the screen after an answer with the latest part of the branch (decision 072)", () => {
  // A branch of 30 messages, m0 to m29, of which the screen shows m10 to m29 (10 earlier).
  const rows = [row("m0", null, "character")];
  for (let i = 1; i < 30; i++) rows.push(row(`m${i}`, `m${i - 1}`, i % 2 ? "user" : "character"));
  const onScreen = pathTo(rows, "m29").slice(10);
  const ids = (list: { id: string }[]) => list.map((m) => m.id);

  it("keeps what the screen shows above the answer's first message, and counts what is still above it", () => {
    // A swipe of m29: the answer is m19 to m29b.
    const swiped = [...rows.slice(0, 29), row("m29b", "m28", "user")];
    const answer = { messages: pathTo(swiped, "m29b").slice(19), earlier: 19 };
    const merged = mergeLatest(onScreen, answer);
    expect(ids(merged.messages)).toEqual([...ids(onScreen).slice(0, 9), ...ids(answer.messages)]);
    expect(merged.messages.at(-1)!.id).toBe("m29b");
    expect(merged.earlier).toBe(10);
  });

  it("keeps the earlier messages a person loaded: nothing is left above them", () => {
    const all = pathTo(rows, "m29");
    const merged = mergeLatest(all, { messages: all.slice(20), earlier: 20 });
    expect(ids(merged.messages)).toEqual(ids(all));
    expect(merged.earlier).toBe(0);
  });

  it("shows an answer that starts on another branch, or above the screen, as it is", () => {
    const other = [row("g2", null, "character"), row("u2", "g2", "user")];
    const elsewhere = mergeLatest(onScreen, { messages: pathTo([...rows, ...other], "u2"), earlier: 0 });
    expect(ids(elsewhere.messages)).toEqual(["g2", "u2"]);
    expect(elsewhere.earlier).toBe(0);
    const higher = mergeLatest(onScreen, { messages: pathTo(rows, "m29").slice(5), earlier: 5 });
    expect(higher.messages).toHaveLength(25);
    expect(higher.earlier).toBe(5);
  });

  it("takes an answer without a count (the whole branch) as it is", () => {
    const whole = pathTo(rows, "m29");
    expect(mergeLatest(onScreen, { messages: whole })).toEqual({ messages: whole, earlier: 0 });
  });
});
