import { describe, expect, it } from "vitest";
import { SentenceStream } from "~/lib/chat/spoken-sentences";

/** The reply streamed a few characters at a time, as tokens arrive: every sentence with the text it ends at. */
function streamed(text: string, dialogueOnly: boolean, step = 3) {
  const stream = new SentenceStream(dialogueOnly);
  const said: { text: string; at: string; whenSeen: number }[] = [];
  for (let n = step; n < text.length + step; n += step) {
    const shown = text.slice(0, Math.min(n, text.length));
    const done = n >= text.length;
    for (const s of done ? stream.finish(shown) : stream.push(shown)) said.push({ text: s.text, at: text.slice(0, s.end), whenSeen: Math.min(n, text.length) });
  }
  return said;
}

describe("a reply spoken while it is written (issue 63)", () => {
  it("gives each sentence as soon as it is complete, before the reply ends", () => {
    const reply = "The tide is out. We can walk to the island! Shall we go? I'll bring the lamp";
    const said = streamed(reply, false);
    expect(said.map((s) => s.text)).toEqual(["The tide is out.", "We can walk to the island!", "Shall we go?", "I'll bring the lamp"]);
    expect(said[0].whenSeen).toBeLessThan(reply.length);
    // Each sentence knows where it ends in the reply's text: what was heard is a start of it.
    expect(said[1].at).toBe("The tide is out. We can walk to the island!");
  });

  it("never speaks narration, and with dialogue-only voice only the quoted words", () => {
    const reply = '*She sets down the map.* "The tide turns at nine. Be ready." *She smiles.* Then she waits. "Well?"';
    expect(streamed(reply, false).map((s) => s.text)).toEqual(["The tide turns at nine.", "Be ready.", "Then she waits.", "Well?"]);
    expect(streamed(reply, true).map((s) => s.text)).toEqual(["The tide turns at nine.", "Be ready.", "Well?"]);
    // Before the first quote, the words are spoken: the reply might quote nothing at all.
    expect(streamed('Well then. "Come in." She waits.', true).map((s) => s.text)).toEqual(["Well then.", "Come in."]);
    expect(streamed("“Curly quotes too.” she says.", true).map((s) => s.text)).toEqual(["Curly quotes too."]);
  });

  it("speaks a dialogue-only reply that quotes nothing as it is written, without narration", () => {
    const said = streamed("*He nods.* Evening. The fire is lit. Sit down.", true);
    expect(said.map((s) => s.text)).toEqual(["Evening.", "The fire is lit.", "Sit down."]);
    expect(said[0].whenSeen).toBeLessThan("*He nods.* Evening. The fire is lit. Sit down.".length);
  });

  it("starts again when the text is replaced by a shorter one", () => {
    const stream = new SentenceStream(false);
    expect(stream.push("One. Two. ").map((s) => s.text)).toEqual(["One.", "Two."]);
    expect(stream.push("New. ").map((s) => s.text)).toEqual(["New."]);
  });
});
