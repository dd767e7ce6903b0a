import { FEY } from "./fey";
import { GRIM } from "./grim";
import { LIGHT } from "./light";
import { MACHINE } from "./machine";
import { PLAIN } from "./plain";
import { WARM } from "./warm";

/**
 * The voices of the offline demo writer (offline-lines/writer.ts): each kind of character speaks from
 * their own register's lines, and no line belongs to two registers, so a robot, a coroner and a
 * sea-witch never say the same sentence. Placeholders as in offline-lines/writer.ts; no line holds a
 * pronoun of its own (he, she, they...), a double quote or an asterisk.
 */

/** What the user did, as the writer answers it (identity is answered from the card). */
export type AnswerIntent = "question" | "action" | "greeting" | "feeling" | "farewell" | "statement";

export type Voice = {
  /** Gestures in this register, beside those of the card's mood; each starts with {name}. */
  gestures: string[];
  /** "Who are you?": how the character starts to say who they are. */
  introductions: string[];
  /** How the character starts to answer from their lorebook. */
  loreOpeners: string[];
  /** How the character answers, by what the user did. */
  answers: Record<AnswerIntent, string[]>;
  /** Lines that show the register, beside the lines of the card's traits. */
  asides: string[];
  /** The closing beat: a question or a nudge that hands the turn back. */
  hooks: string[];
};

export type Register = "machine" | "grim" | "light" | "warm" | "fey" | "plain";

/**
 * How a card's register is found, first match wins: by its tags (lower case), else by a word in its
 * persona or personality. A card that matches none speaks plainly.
 */
export const REGISTERS: { name: Exclude<Register, "plain">; tags: string[]; words: RegExp }[] = [
  {
    name: "machine",
    tags: ["robot", "sci-fi", "scifi", "science fiction", "android", "ai", "cyborg", "cyberpunk", "mecha", "space"],
    words: /\b(robot\w*|androids?|cyborgs?|automaton|machine|mech|ai|synthetic|starship|spaceship)\b/,
  },
  {
    name: "grim",
    tags: ["dark", "horror", "gore", "thriller", "villain", "gothic", "yandere"],
    words: /\b(macabre|morbid|sinister|haunted|undead|vampire|ghost|ghoul|necromancer|coroner|horror|eerie|menacing|unsettling|grim)\b/,
  },
  {
    name: "light",
    tags: ["meme", "comedy", "funny", "parody"],
    words: /\b(funny|silly|goofy|chaotic|comedic|clumsy|zany|absurd|punny|ridiculous|prankster|hilarious)\b/,
  },
  {
    name: "warm",
    tags: ["romance", "romantic", "vanilla", "love", "dating", "milf/dilf"],
    words: /\b(romantic|romance|flirt\w*|affectionate|seductive|smitten|lover|sweetheart|boyfriend|girlfriend)\b/,
  },
  {
    name: "fey",
    tags: ["fantasy", "semihuman", "furry", "monster", "monster girl", "magic", "elf", "medieval", "mythology", "myth", "fae", "dragon"],
    words:
      /\b(witch|wizard|mage|sorcer\w*|elf|elven|fae|faerie|fairy|dragon|knight|selkie|mermaid|merfolk|siren|centaur|kingdom|enchant\w*|magic\w*|goblin|troll)\b/,
  },
];

export const VOICES: Record<Register, Voice> = { machine: MACHINE, grim: GRIM, light: LIGHT, warm: WARM, fey: FEY, plain: PLAIN };
