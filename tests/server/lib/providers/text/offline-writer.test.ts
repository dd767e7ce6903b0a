import { describe, expect, it } from "vitest";
import { shortName } from "~/lib/character-name";
import { intentOf, offlineReply, pronounsFor, registerOf, sceneOf, selfDescription, topicOf } from "~/lib/providers/text/offline-writer";
import type { CharacterHints } from "~/lib/providers/text/types";

const caspian: CharacterHints = {
  name: "Dr. Caspian Wren, Night-Shift Coroner",
  persona: "Dr. Caspian Wren, Night-Shift Coroner's Persona: {{char}} is a 38-year-old coroner, dry, meticulous and quietly kind.",
  personality: "dry, meticulous, quietly kind, morbid humour",
  scenario: "{{user}} arrives at the morgue in the basement of St. Agnes after midnight.",
  exampleDialogue: '<START>\n{{user}}: Do you ever sleep?\n{{char}}: *He snaps off a glove.* "Sleep is for people whose patients complain."',
  greeting: '*The lights hum.* "You\'re late. The dead are patient; I am less so."',
  tags: ["Male", "Dark", "RolePlay"],
  userName: "Sam",
};
const nerys: CharacterHints = {
  name: "Nerys the Sea-Witch",
  persona: "{{char}} is a playful, mischievous sea-witch who trades secrets for songs.",
  scenario: "A storm at sea.",
  tags: ["Female", "SemiHuman"],
  userName: "Sam",
};
const unit: CharacterHints = {
  name: "UNIT-7",
  persona: "{{char}} is a maintenance robot on a derelict orbital station, literal-minded and loyal.",
  scenario: "The station's lights flicker.",
  greeting: "*Servos whir.* Greetings. Station integrity: 41 percent.",
  tags: ["Robot", "Sci-Fi"],
  userName: "Sam",
};
const reply = (card: CharacterHints, message: string, seed = "m1", maxWords = 120) => offlineReply(card, { message, seed, maxWords });

describe("the offline writer reads like a character", () => {
  it("calls the character by their short name", () => {
    expect(shortName("Dr. Caspian Wren, Night-Shift Coroner")).toBe("Caspian");
    expect(shortName("Nerys the Sea-Witch")).toBe("Nerys");
    expect(shortName("Captain Idris Kade")).toBe("Idris");
    expect(shortName("Liesl Penwright")).toBe("Liesl");
    // A name that starts with "The" is not called "The".
    expect(shortName("The Moonfall Mercenaries")).toBe("Moonfall");
    const text = reply(caspian, "What happened to the last body?");
    expect(text).toMatch(/^\*Caspian /);
    expect(text).not.toContain("Night-Shift Coroner");
  });

  it("uses the pronouns the tags give, and they for everyone else", () => {
    expect(pronounsFor(["Female"]).their).toBe("her");
    expect(pronounsFor(["Male", "Dark"]).their).toBe("his");
    expect(pronounsFor(["Robot"]).their).toBe("their");
    expect(pronounsFor(["Female", "Multiple"]).their).toBe("their");
    const hers = Array.from({ length: 30 }, (_, i) => reply(nerys, "Tell me about the storm tonight.", `n${i}`)).join(" ");
    expect(hers).not.toMatch(/\b(his|him|their|them)\b/);
    const his = Array.from({ length: 30 }, (_, i) => reply(caspian, "Tell me about the storm tonight.", `c${i}`)).join(" ");
    expect(his).not.toMatch(/\b(her|hers|their|them)\b/);
  });

  it("never repeats the user's message back", () => {
    const messages = [
      "What happened to the last body?",
      "*I lean against the cold steel table and cross my arms*",
      "Hello again, it has been a while",
      "I think someone is following me home",
      "I feel so tired and lonely tonight",
      "Goodbye, see you tomorrow night",
    ];
    for (const message of messages)
      for (let i = 0; i < 10; i++) {
        const text = reply(caspian, message, `s${i}`).toLowerCase();
        expect(text).not.toContain(message.toLowerCase());
        expect(text).not.toContain(
          message
            .toLowerCase()
            .replace(/[*?.,!]/g, "")
            .trim(),
        );
      }
  });

  it("answers in kind: a question gets an answer, an action a reaction, a greeting a welcome", () => {
    expect(intentOf("Where were you last night?")).toBe("question");
    expect(intentOf("*I take your hand*")).toBe("action");
    expect(intentOf("Hi there!")).toBe("greeting");
    expect(intentOf("Goodnight, I have to go")).toBe("farewell");
    expect(intentOf("I am so lonely")).toBe("feeling");
    expect(intentOf("The ship sails at dawn.")).toBe("statement");
    expect(topicOf("Tell me about the lighthouse")).toBe("lighthouse");
    expect(topicOf("Hello")).toBeNull();
  });

  it("ten regenerates give at least eight different replies; the same reply id gives the same reply", () => {
    const replies = Array.from({ length: 10 }, (_, i) => reply(caspian, "Why did you become a coroner?", `swipe-${i}`));
    expect(new Set(replies).size).toBeGreaterThanOrEqual(8);
    expect(reply(caspian, "Why did you become a coroner?", "swipe-3")).toBe(replies[3]);
  });

  it("keeps within the response length, with narration asterisks paired", () => {
    for (let i = 0; i < 20; i++) {
      const text = reply(nerys, "Can you teach me a sea shanty?", `len${i}`, 12);
      expect(text.split(" ").length).toBeLessThanOrEqual(12);
      expect(text.split("*").length % 2).toBe(1);
    }
  });

  it("writes speech the way the card does (quoted for Caspian) and draws on the card's own lines", () => {
    const many = Array.from({ length: 40 }, (_, i) => reply(caspian, "Do you like your work?", `q${i}`));
    expect(many.every((t) => /^\*[^*]+\* "/.test(t))).toBe(true);
    expect(many.some((t) => t.includes("Sleep is for people whose patients complain."))).toBe(true);
    expect(many.every((t) => /^\*[^*]+\* [^"]/.test(reply(nerys, "Do you like the sea?", t)))).toBe(true);
  });

  it("does not repeat what the character said in the last replies", () => {
    const sentences = (text: string) => text.split(/(?<=[.?!*"])\s+/).filter((s) => s.length > 25);
    for (let i = 0; i < 10; i++) {
      const first = reply(nerys, "Is this yours?", `a${i}`);
      const second = offlineReply(nerys, { message: "Can you show me around?", seed: `b${i}`, maxWords: 120, recent: first });
      expect(sentences(second).filter((s) => first.includes(s))).toEqual([]);
    }
  });

  it("takes a topic only from a word that names something, never a little word of the sentence", () => {
    expect(topicOf("Can you show me around?")).toBeNull();
    expect(topicOf("Is this yours?")).toBeNull();
    expect(topicOf("Tell me about the lighthouse")).toBe("lighthouse");
  });

  it("names the scene by a whole place from the scenario, never a phrase cut short or a time", () => {
    expect(sceneOf(caspian.scenario)).toBe("the morgue");
    expect(sceneOf("A remote ranger's cabin deep in the Silver Pines on the night of a full moon.")).toBe("the Silver Pines");
    expect(sceneOf("A midnight masquerade ball in the Countess's gothic palace in the city of Vaelmoor.")).toBe("the Countess's gothic palace");
    expect(sceneOf("Study hall at the Crooked Spire school of magic.")).toBe("the Crooked Spire school of magic");
    // "on the eve of a dangerous job" says when, not where (it read "the eve of a dangerous").
    expect(sceneOf("{{user}} is recruited by a small mercenary company on the eve of a dangerous job.")).toBeNull();
    expect(sceneOf("A fantasy kingdom on the brink of war.")).toBeNull();
  });

  it("answers 'Who are you?' with who the card says the character is", () => {
    expect(intentOf("Who are you?")).toBe("identity");
    expect(intentOf("So... tell me about yourself")).toBe("identity");
    expect(selfDescription(caspian)).toBe("I'm a 38-year-old coroner, dry, meticulous and quietly kind.");
    for (let i = 0; i < 10; i++) {
      expect(reply(caspian, "Who are you?", `who${i}`)).toContain("I'm a 38-year-old coroner, dry, meticulous and quietly kind.");
      expect(reply(nerys, "Who are you?", `who${i}`)).toContain("I'm a playful, mischievous sea-witch who trades secrets for songs.");
    }
  });

  it("never puts a word of the user's message into a fixed template", () => {
    // Words no card or stock line holds: any that shows up came from the user's message.
    const messages = ["Tell me the truth about zorblax?", "What do you know about quimbleton", "You know about fribbets, right?", "Zorblax is gone."];
    for (const card of [caspian, nerys])
      for (const message of messages)
        for (let i = 0; i < 20; i++) expect(reply(card, message, `echo${i}`).toLowerCase()).not.toMatch(/zorblax|quimbleton|fribbets/);
  });

  it("a question about a lorebook key gets that entry's words", () => {
    const seraphina: CharacterHints = {
      ...nerys,
      name: "Seraphina",
      persona: "Seraphina's Persona: {{char}} is a gentle forest guardian.",
      lore: ['Eldoria is an ancient forest of glowing trees, hidden by {{char}}\'s magic. Beasts roam its edges since the "Shadow" fell. Few leave.'],
    };
    for (let i = 0; i < 10; i++) {
      const text = reply(seraphina, "What do you know about Eldoria?", `lore${i}`);
      expect(text).toContain("Eldoria is an ancient forest of glowing trees, hidden by Seraphina's magic. Beasts roam its edges since the 'Shadow' fell.");
      expect(text).not.toContain("Few leave.");
      // Speech marks stay paired.
      expect(text.split('"').length % 2).toBe(1);
    }
    // A greeting is answered as a greeting, even when a key is named in passing.
    expect(reply(seraphina, "Hello! Nice weather in Eldoria", "lore-hi")).not.toContain("ancient forest");
  });

  it("speaks in the voice of the character's kind: by tags first, else by the card's words", () => {
    expect(registerOf(caspian)).toBe("grim");
    expect(registerOf(nerys)).toBe("fey");
    expect(registerOf(unit)).toBe("machine");
    expect(registerOf({ tags: ["Female", "Meme"], persona: "{{char}} is a courier." })).toBe("light");
    expect(registerOf({ tags: ["Male"], persona: "{{char}} is a retired android who tends bees." })).toBe("machine");
    expect(registerOf({ tags: ["Female"], persona: "{{char}} is a baker." })).toBe("plain");
  });

  it("three characters of different kinds share no sentence across twenty replies each", () => {
    const messages = [
      "Hello!",
      "Who are you?",
      "What is this place?",
      "*I sit down next to you.*",
      "Tell me a story.",
      "Are you okay?",
      "What do you want?",
      "I'm scared.",
      "Can you help me?",
      "*I laugh.* That's funny.",
      "Do you like it here?",
      "What happened here?",
      "Why?",
      "Let's go.",
      "*I hand you a cup of tea.*",
      "Goodbye for now.",
      "What's your favourite thing?",
      "Tell me about yourself.",
      "Are we safe?",
      "Thank you.",
    ];
    const sentences = (text: string) =>
      text
        .replace(/\*/g, " ")
        .split(/(?<=[.?!"])\s+/)
        .map((s) => s.replace(/["*]/g, "").trim())
        .filter((s) => s.length > 20);
    const saidBy = new Map<string, Set<string>>();
    for (const card of [caspian, nerys, unit]) {
      let recent = "";
      messages.forEach((message, i) => {
        recent = offlineReply(card, { message, seed: `row${i}`, maxWords: 120, recent });
        for (const sentence of sentences(recent)) saidBy.set(sentence, (saidBy.get(sentence) ?? new Set()).add(card.name));
      });
    }
    expect(saidBy.size).toBeGreaterThan(40);
    expect([...saidBy].filter(([, who]) => who.size > 1).map(([sentence]) => sentence)).toEqual([]);
  });
});
