import { describe, expect, it } from "vitest";
import { namedIn, nextSpeaker, type Turn } from "~/lib/groups/speaker";

const HOLLIS = { id: "hollis", name: "Hollis Hartgrove, Hill Giantess" };
const MIRA = { id: "mira", name: "Mira Vale" };
const WREN = { id: "wren", name: "Dr. Caspian Wren" };
const speakers = [HOLLIS, MIRA, WREN];
const user = (content: string): Turn => ({ role: "user", speakerId: null, content });
const said = (speakerId: string, content = "…"): Turn => ({ role: "character", speakerId, content });

describe("who answers next in a group (issue 26)", () => {
  it("natural: a member named in the person's message answers first, by short name, full name or @name", () => {
    expect(nextSpeaker({ speakers, mode: "natural", history: [user("Mira, what do you think?")] })?.id).toBe("mira");
    expect(nextSpeaker({ speakers, mode: "natural", history: [user("I ask @caspian and then Hollis.")] })?.id).toBe("wren");
    expect(nextSpeaker({ speakers, mode: "natural", history: [user("Is Mira Vale here?")] })?.id).toBe("mira");
    // A name inside another word is not a mention.
    expect(namedIn("Admiration is due.", speakers)).toEqual([]);
  });

  it("natural: a member who has just spoken does not answer themselves, even when they named themselves", () => {
    const history = [user("Hello all."), said("mira", "I, Mira, will say more.")];
    expect(nextSpeaker({ speakers, mode: "natural", history })?.id).not.toBe("mira");
  });

  it("natural: a member another member turned to answers; otherwise the one silent longest", () => {
    expect(nextSpeaker({ speakers, mode: "natural", history: [user("Hi."), said("hollis", "What do you make of it, Caspian?")] })?.id).toBe("wren");
    // Nobody named: never-spoken Wren has been silent longest.
    expect(nextSpeaker({ speakers, mode: "natural", history: [user("Hi."), said("hollis"), user("And?"), said("mira"), user("So.")] })?.id).toBe("wren");
    expect(nextSpeaker({ speakers, mode: "natural", history: [said("wren"), said("hollis"), said("mira"), user("Well?")] })?.id).toBe("wren");
  });

  it("in turn: round-robin through the members from the last speaker", () => {
    const order: string[] = [];
    const history: Turn[] = [user("Go.")];
    for (let i = 0; i < 9; i++) {
      const next = nextSpeaker({ speakers, mode: "turn", history })!;
      order.push(next.id);
      history.push(said(next.id));
    }
    expect(order).toEqual(["hollis", "mira", "wren", "hollis", "mira", "wren", "hollis", "mira", "wren"]);
  });

  it("manual: nobody answers until the person picks; a pick wins in every mode, and only a speaker can be picked", () => {
    expect(nextSpeaker({ speakers, mode: "manual", history: [user("Mira?")] })).toBeNull();
    expect(nextSpeaker({ speakers, mode: "manual", history: [user("Mira?")], pick: "wren" })?.id).toBe("wren");
    expect(nextSpeaker({ speakers, mode: "natural", history: [user("Mira?")], pick: "hollis" })?.id).toBe("hollis");
    expect(nextSpeaker({ speakers: [MIRA], mode: "natural", history: [], pick: "hollis" })).toBeNull();
    expect(nextSpeaker({ speakers: [], mode: "turn", history: [] })).toBeNull();
  });
});
