import { describe, expect, it } from "vitest";
import { recall } from "~/lib/chat/memory-recall";

describe("what the offline writer recalls (issue 25)", () => {
  const pins = [
    { text: "My sister is called Ilse.", fromCharacter: false },
    { text: "I am afraid of deep water.", fromCharacter: false },
    { text: "I keep the lamp lit for my brother.", fromCharacter: true },
  ];

  it("answers a question about a memory with it, from the character's side", () => {
    expect(recall("Do you remember what my sister is called?", pins)).toBe("Your sister is called Ilse.");
    expect(recall("What's my fear? Deep water, remember?", pins)).toBe("You are afraid of deep water.");
    expect(recall("Do you remember why you keep the lamp lit?", pins)).toBe("I keep the lamp lit for my brother.");
  });

  it("says nothing when the question asks for no memory, or none matches", () => {
    expect(recall("My sister is called Ilse.", pins)).toBeNull();
    expect(recall("Do you remember the parade?", pins)).toBeNull();
    expect(recall("Do you remember my sister?", [])).toBeNull();
  });
});
