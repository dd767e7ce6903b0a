import { describe, expect, it } from "vitest";
import { choiceId, parseStoryReply, partialStory } from "~/lib/story/parse";

const BASE36 = /^[0-9a-z]+$/;

describe("reading a story turn from a model's reply", () => {
  it("takes the JSON object out of the prose around it, trims the story and gives a choice without an id a random one", () => {
    const turn = parseStoryReply('Sure! Here you go: {"story":"  The door opens. ","choices":[{"text":"Enter"},{"id":"b","text":"Run"}]}');
    expect(turn?.story).toBe("The door opens.");
    expect(turn?.choices.map((c) => c.text)).toEqual(["Enter", "Run"]);
    expect(turn?.choices[0].id).toMatch(BASE36);
    expect(turn?.choices[1].id).toBe("b");
  });

  it("reads a ```json fenced block with prose after it", () => {
    const reply =
      'Here is the next part.\n```json\n{\n  "story": "Rain on the glass.",\n  "choices": [{"id": "a", "text": "Wait"}]\n}\n```\nHope you enjoy it! {not json}';
    expect(parseStoryReply(reply)).toEqual({ story: "Rain on the glass.", choices: [{ id: "a", text: "Wait" }] });
  });

  it("is not fooled by braces and escaped quotes inside strings", () => {
    const turn = parseStoryReply('{"story":"A sign reads \\"}{ KEEP OUT }{\\".","choices":[{"id":"x","text":"Read the {small} print"}]} trailing }');
    expect(turn).toEqual({ story: 'A sign reads "}{ KEEP OUT }{".', choices: [{ id: "x", text: "Read the {small} print" }] });
  });

  it("skips an earlier brace that is not JSON, or never closes", () => {
    expect(parseStoryReply('Use the {story} format: {"story":"Hi","choices":["Go north"]}')?.story).toBe("Hi");
    expect(parseStoryReply('{ oops, let me start again. {"story":"Second try","choices":[]}')?.story).toBe("Second try");
  });

  it("uses the first object with a string story: the outer one when it has it, a nested one when it does not", () => {
    expect(parseStoryReply('{"story":"Outer","extra":{"story":"Inner"}}')?.story).toBe("Outer");
    expect(parseStoryReply('{"result":{"story":"Inner","choices":[]}}')?.story).toBe("Inner");
  });

  it("is null when there is no such object", () => {
    expect(parseStoryReply("Once upon a time, the end.")).toBeNull();
    expect(parseStoryReply('{"text":"No story field","choices":[]}')).toBeNull();
    expect(parseStoryReply('{"story":5,"choices":[]}')).toBeNull();
    expect(parseStoryReply('{"story":"Never closed","choices":[')).toBeNull();
    expect(parseStoryReply("")).toBeNull();
  });

  it("accepts plain strings as choices, drops empty ones, trims and caps them, keeps six", () => {
    const long = "Climb ".repeat(60);
    const turn = parseStoryReply(
      JSON.stringify({
        story: "Go.",
        choices: ["  North  ", { text: "   " }, { id: "e" }, 42, { text: long }, "A", "B", "C", "D", "E", "F"],
      }),
    );
    expect(turn?.choices.map((c) => c.text)).toEqual(["North", long.trim().slice(0, 200).trim(), "A", "B", "C", "D"]);
    expect(turn?.choices.every((c) => c.text.length <= 200)).toBe(true);
  });

  it("gives a blank or non-string id a random one, and makes ids unique within the turn", () => {
    const turn = parseStoryReply(
      JSON.stringify({
        story: "Go.",
        choices: [
          { id: "  ", text: "One" },
          { id: 7, text: "Two" },
          { id: "same", text: "Three" },
          { id: "same", text: "Four" },
          { id: " kept ", text: "Five" },
        ],
      }),
    );
    const ids = turn!.choices.map((c) => c.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids[0]).toMatch(BASE36);
    expect(ids[1]).toMatch(BASE36);
    expect(ids[2]).toBe("same");
    expect(ids[3]).not.toBe("same");
    expect(ids[4]).toBe("kept");
    expect(parseStoryReply('{"story":"No choices"}')?.choices).toEqual([]);
  });

  it("makes random base-36 ids that do not repeat", () => {
    const ids = Array.from({ length: 200 }, choiceId);
    expect(ids.every((id) => BASE36.test(id) && id.length >= 8)).toBe(true);
    expect(new Set(ids).size).toBe(200);
  });
});

describe("the story so far while a reply streams", () => {
  const reply = 'Okay! {"story": "She says \\"hi\\".\\nThen: caf\\u00e9 \\ud83d\\ude00 \\\\ done", "choices": [{"text": "Wave"}]}';
  const story = 'She says "hi".\nThen: café 😀 \\ done';

  it("is null before the story key appears, then empty until its text starts", () => {
    expect(partialStory("")).toBeNull();
    expect(partialStory('Okay! {"sto')).toBeNull();
    expect(partialStory('Okay! {"story"')).toBe("");
    expect(partialStory('Okay! {"story": ')).toBe("");
    expect(partialStory('Okay! {"story": "')).toBe("");
  });

  it("grows with the reply, always a prefix of the finished story, with escapes decoded", () => {
    let last = "";
    for (let end = reply.indexOf('"story"') + 7; end <= reply.length; end++) {
      const text = partialStory(reply.slice(0, end));
      expect(text).not.toBeNull();
      expect(story.startsWith(text!)).toBe(true);
      expect(text!.length).toBeGreaterThanOrEqual(last.length);
      last = text!;
    }
    expect(last).toBe(story);
    expect(parseStoryReply(reply)?.story).toBe(story);
  });

  it("leaves out an escape cut off at the end", () => {
    const upTo = (marker: string) => partialStory(reply.slice(0, reply.indexOf(marker) + marker.length));
    expect(upTo('says \\"hi')).toBe('She says "hi');
    expect(upTo("says \\")).toBe("She says ");
    expect(upTo("hi\\")).toBe('She says "hi');
    expect(upTo("\\n")).toBe('She says "hi".\n');
    expect(upTo("caf\\u00")).toBe('She says "hi".\nThen: caf');
    expect(upTo("caf\\u00e9")).toBe('She says "hi".\nThen: café');
    expect(upTo("\\ud83d")).toBe('She says "hi".\nThen: café ');
    expect(upTo("\\ud83d\\ude00")).toBe('She says "hi".\nThen: café 😀');
  });

  it("stops at the story's closing quote", () => {
    expect(partialStory('{"story": "Done.", "choices": [{"text": "More \\"text\\""}]}')).toBe("Done.");
  });
});
