import { shortName } from "~/lib/character-name";
import {
  ACT_LINES,
  COMPANION_LINES,
  GENRE_WORDS,
  PREMISE_LINES,
  SAID_LINES,
  SPEECH_LINES,
  STORY_HOOKS,
  STRANGER,
  TOPIC_LINES,
  type GenreWords,
} from "./offline-lines/story";
import { chooser, hash, pronounsFor, sceneOf, topicOf } from "./offline-writer";
import type { StoryHints } from "./types";

/**
 * The offline demo writer's Story mode: a passage in the second person, addressed to the person by
 * name, stitched from the genre's words, the characters, the premise and the action just taken,
 * then two to four choices. It answers as a model is asked to, with the JSON a story turn is read
 * from, so Story mode works with no model server.
 */

/** The most of the person's own words a passage retells: whole sentences up to this many (issue 24: never a cut one). */
const RETOLD_WORDS = 60;
/** Words a passage aims for and may not pass; the response length can shorten it only this far. */
const PASSAGE_WORDS = { target: [80, 95, 110], floor: 100, cap: 160, least: 60 };

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The genre's words: matched ignoring case, spaces and dashes ("sci fi" is Sci-fi), else the general tone. */
function genreWords(genre: string): GenreWords {
  const key = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");
  const found = Object.entries(GENRE_WORDS).find(([name]) => key(name) === key(genre));
  return found ? found[1] : GENRE_WORDS.other;
}

/**
 * What the person wrote, as whole sentences: all of it, or as many whole sentences as fit in
 * RETOLD_WORDS (the first one always, however long). A sentence is never cut in the middle.
 */
function gist(text: string, most = Infinity) {
  const sentences = (
    text
      .match(/[^.!?…]+(?:[.!?…]+["”']?|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [text]
  ).slice(0, most);
  const kept: string[] = [];
  for (const sentence of sentences) {
    if (kept.length && wordCount([...kept, sentence].join(" ")) > RETOLD_WORDS) break;
    kept.push(sentence);
  }
  return { text: kept.join(" "), cut: kept.length < sentences.length };
}

const FIRST_TO_SECOND: [RegExp, string][] = [
  [/\bI['’]m\b/g, "you're"],
  [/\bI['’]ve\b/g, "you've"],
  [/\bI['’]ll\b/g, "you'll"],
  [/\bI['’]d\b/g, "you'd"],
  [/\bI am\b/g, "you are"],
  [/\bI was\b/g, "you were"],
  [/\bI\b/g, "you"],
  [/\bmyself\b/gi, "yourself"],
  [/\bmy\b/gi, "your"],
  [/\bmine\b/gi, "yours"],
  [/\bme\b/gi, "you"],
  [/\bwe['’]re\b/gi, "you're"],
  [/\bwe\b/gi, "you"],
  [/\bus\b/g, "you"],
  [/\bour\b/gi, "your"],
  [/\bourselves\b/gi, "yourselves"],
];

/** "I open my bag" as the passage says it: "you open your bag". */
const secondPerson = (text: string) => FIRST_TO_SECOND.reduce((out, [from, to]) => out.replace(from, to), text);

/** Words that may start a premise in lower case after a colon ("...: a heist in a floating city"). */
const PLAIN_START = /^(a|an|the|you|your|some|one|two|after|when|while|in|on|at|every|someone|something|there|it)\b/i;

/** The premise as the passage tells it, in the second person. */
function retoldPremise(premise: string) {
  const text = secondPerson(gist(premise.replace(/\s+/g, " ").trim(), 1).text).replace(/[.,;:!?…]+$/, "");
  return PLAIN_START.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** The person's action as the passage tells it: what they said (quoted, cut short), or what they did as "you ...". */
function retoldAction(action: string, names: string[]): { said: string } | { act: string } {
  const text = action.replace(/[*_]+/g, " ").replace(/\s+/g, " ").trim();
  const addressed = names.some((n) => n && text.toLowerCase().startsWith(`${n.toLowerCase()},`));
  const short = gist(text.replace(/["“”]/g, ""));
  if (/^["“]/.test(text) || /\?["”]?$/.test(text) || addressed) return { said: short.cut ? `${short.text.replace(/[.,;:!?…]+$/, "")}…` : short.text };
  const done = secondPerson(short.text).replace(/[.,;:!?…]+$/, "");
  if (!/[\p{L}\p{N}]/u.test(done)) return { act: "you hesitate" };
  if (/^you\b/i.test(done)) return { act: `you${done.slice(3)}` };
  const first = done.split(" ")[0].replace(/[^\p{L}\p{N}'-]/gu, "");
  if (names.includes(first)) return { act: done };
  return { act: `you ${done[0].toLowerCase()}${done.slice(1)}` };
}

/** A sentence with its first letter (after an opening quote) in capitals. */
const capitalised = (text: string) => text.replace(/^(["“]?)(\p{Ll})/u, (_, quote: string, letter: string) => quote + letter.toUpperCase());

/** Items drawn without repeats. */
function draw<T>(list: readonly T[], count: number, pick: <U>(list: readonly U[]) => U) {
  const left = [...list];
  const drawn: T[] = [];
  while (drawn.length < count && left.length) {
    const item = pick(left);
    left.splice(left.indexOf(item), 1);
    drawn.push(item);
  }
  return drawn;
}

/** One passage and its choices as the JSON text `{"story": "...", "choices": [{"id": "...", "text": "..."}, ...]}`. */
export function offlineStory(hints: StoryHints, seed: string, maxWords: number) {
  const pick = chooser(hash(`${seed}|${hints.genre}|${hints.turn}|${hints.action ?? ""}`));
  // The scenery and the character's lines turn over with the story's turns, so no flourish comes back
  // on the next turn (issue 24): each list is walked from a place fixed for this story.
  const storyKey = `${hints.premise}|${hints.genre}|${hints.characters.map((c) => c.name).join(",")}`;
  const nth = <T>(list: readonly T[], salt: string) => list[(hash(`${storyKey}|${salt}`) + hints.turn) % list.length];
  const words = genreWords(hints.genre);
  const cast = hints.characters.map((c) => ({ name: shortName(c.name), pronouns: pronounsFor(c.tags), scenario: c.scenario }));
  // The character the person spoke to or named leads the passage; otherwise the cast takes turns.
  const actionWords: string[] = (hints.action ?? "").toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? [];
  const named = cast.find((c) => actionWords.includes(c.name.toLowerCase()));
  const lead = named ?? (cast.length ? cast[hints.turn % cast.length] : { name: STRANGER, pronouns: pronounsFor([]), scenario: "" });
  const others = cast.filter((c) => c !== lead);
  const other = others.length ? pick(others).name : null;
  const place = sceneOf(lead.scenario) ?? pick(words.places);
  const premise = hints.premise.trim() ? retoldPremise(hints.premise) : null;
  const topic = hints.premise.trim() ? topicOf(hints.premise) : null;
  const told = hints.action === null ? null : retoldAction(hints.action, [...cast.map((c) => c.name), hints.userName]);
  const fill = (text: string) =>
    capitalised(
      text
        .replaceAll("{name}", () => lead.name)
        .replaceAll("{their}", lead.pronouns.their)
        .replaceAll("{them}", lead.pronouns.them)
        .replaceAll("{other}", () => other ?? "")
        .replaceAll("{user}", () => hints.userName)
        .replaceAll("{place}", () => place)
        .replaceAll("{premise}", () => premise ?? "")
        .replaceAll("{topic}", () => topic ?? "")
        .replaceAll("{act}", () => (told && "act" in told ? told.act : ""))
        .replaceAll("{said}", () => (told && "said" in told ? told.said : "")),
    );

  const setting =
    told === null
      ? [pick(words.openings), ...(premise ? [pick(PREMISE_LINES)] : [])]
      : ["said" in told ? pick(SAID_LINES) : pick(ACT_LINES), nth(words.outcomes, "outcome")];
  // A line with "{name} says." after it ends in a comma inside the quote: "Stay close," Fern says.
  const speech = nth(SPEECH_LINES, "speech");
  const line = nth(words.lines, "line");
  const encounter = [nth(words.beats, "beat"), speech.replace("{line}", () => (speech.includes('" {name} says.') ? line.replace(/\.$/, ",") : line))];
  const hook = nth(STORY_HOOKS, "hook");
  const detail = nth(words.details, "detail");
  const secondDetail = words.details[(words.details.indexOf(detail) + 1) % words.details.length];
  // Optional lines, most wanted first, join while the passage is short of its target.
  const extras: { to: string[]; line: string | null }[] = [
    { to: encounter, line: nth(words.turns, "turn") },
    { to: setting, line: detail },
    { to: encounter, line: other ? nth(COMPANION_LINES, "companion") : null },
    { to: setting, line: told !== null && topic ? nth(TOPIC_LINES, "topic") : null },
    { to: setting, line: secondDetail },
  ];
  const cap = Math.min(PASSAGE_WORDS.cap, Math.max(maxWords, PASSAGE_WORDS.floor));
  const target = Math.min(cap, pick(PASSAGE_WORDS.target));
  let count = wordCount([...setting, ...encounter, hook].map(fill).join(" "));
  for (const { to, line } of extras) {
    // The second detail is next turn's first: it is only used when the passage would be too short without it.
    const goal = line === secondDetail && to === setting ? PASSAGE_WORDS.least : target;
    if (!line || count >= goal) continue;
    const size = wordCount(fill(line));
    if (count + size > cap) continue;
    to.push(line);
    count += size;
  }
  const story = [setting.map(fill).join(" "), [...encounter, hook].map(fill).join(" ")].join("\n\n");

  const taken = (hints.action ?? "").trim().toLowerCase();
  const offered = words.choices.filter((text) => fill(text).toLowerCase() !== taken);
  const choices = draw(offered, pick([2, 3, 4]), pick).map((text, i) => ({
    // Some choices come without an id, as they do from models; the parser gives those one.
    id: i === 0 || pick([true, false]) ? hash(`${seed}|${i}|${text}`).toString(36) : null,
    text: fill(text),
  }));
  const choiceJson = choices.map((c) => (c.id ? `{"id": ${JSON.stringify(c.id)}, "text": ${JSON.stringify(c.text)}}` : `{"text": ${JSON.stringify(c.text)}}`));
  return `{"story": ${JSON.stringify(story)}, "choices": [${choiceJson.join(", ")}]}`;
}
