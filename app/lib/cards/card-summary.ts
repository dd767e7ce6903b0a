/**
 * The listing's short description for an imported card that has none of ours: the first sentence
 * of the character's definition (the card's description), read as prose. Cards often open with
 * W++ blocks ("[Name's Personality= ...]") and example chats ("<START>", "{{user}}: ..."); those
 * are not sentences, so the first prose line wins, then the card's scenario (or a "Scenario:" part
 * of a bracket block, then the card's scenario field), then the greeting. Creator notes are the author's notes, not this.
 */

const CRLF = /\r\n?/g;
const DIALOGUE_LINE = /^(\{\{(user|char)\}\}|<(user|bot|char)>|[\p{L}\p{N}_'-]+( [\p{L}\p{N}_'-]+){0,2}):\s/iu;

/** Lines of a definition that read as prose: no bracket blocks, no example chats. */
function proseLines(text: string) {
  return text
    .replace(CRLF, "\n")
    .replace(/\[[^\]]*\]/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^<START>$/i.test(line) && !DIALOGUE_LINE.test(line) && /\p{L}{3}/u.test(line));
}

/** The "Scenario: ..." part of a W++ bracket block, when the card keeps its scenario there. */
const bracketScenario = (text: string) => /\[[^\]]*?\bScenario:\s*([^\];]+)/i.exec(text)?.[1]?.trim() ?? "";

/** The first sentence of a line, without action asterisks or quotes, at most `max` characters, cut at a word. */
function firstSentence(line: string, name: string, max: number) {
  const plain = line
    .replace(/\{\{char\}\}/gi, name)
    .replace(/\{\{user\}\}/gi, "you")
    .replace(/[*_]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const found = /^.+?[.!?…](?=\s|$)/u.exec(plain)?.[0] ?? plain;
  const sentence = found.charAt(0).toUpperCase() + found.slice(1);
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** The description for a card without one of ours: the first sentence of its definition, as prose. */
export function cardSummary(card: { name: string; description: string; scenario: string; first_mes: string }, max: number) {
  const chosen = proseLines(card.description)[0] || bracketScenario(card.description) || proseLines(card.scenario)[0] || proseLines(card.first_mes)[0] || "";
  return chosen ? firstSentence(chosen, card.name.trim(), max) : "";
}
