/**
 * What the offline writer recalls when asked (issue 25): "do you remember…", "what's my…". The
 * memory sharing the most words with the question, told from the character's side ("my sister" in
 * the person's memory is "your sister" in the character's mouth). Pure: the server and tests share it.
 */
export type RecallPin = { text: string; fromCharacter: boolean };

const ASKS_TO_RECALL = /\b(remember|recall|forget|forgot|what('s| is| was) my|who('s| is| was) my|where('s| is| was) my|do you know (my|what|who|where))\b/i;
const SMALL = new Set(
  "the a an and or but to of in on at by for with is was are were do does did you your my me i it that this what who where when".split(" "),
);

const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[a-z0-9'-]{3,}/g) ?? []).filter((w) => !SMALL.has(w)));

/** The person's words as the character says them back. */
function toCharacterSide(text: string) {
  const swapped = text
    .replace(/\bI am\b/g, "you are")
    .replace(/\bI'm\b/gi, "you're")
    .replace(/\bI was\b/g, "you were")
    .replace(/\bI\b/g, "you")
    .replace(/\bmy\b/gi, "your")
    .replace(/\bmine\b/gi, "yours")
    .replace(/\bme\b/gi, "you")
    .replace(/\bmyself\b/gi, "yourself");
  return swapped;
}

/** The memory the question asks for, in the character's words, or null when it asks for none or none matches. */
export function recall(question: string, pins: RecallPin[]): string | null {
  if (!pins.length || !ASKS_TO_RECALL.test(question)) return null;
  const asked = wordsOf(question);
  let best: RecallPin | null = null;
  let bestScore = 0;
  for (const pin of pins) {
    const score = [...wordsOf(pin.text)].filter((w) => asked.has(w) || asked.has(w.replace(/s$/, ""))).length;
    if (score > bestScore) [best, bestScore] = [pin, score];
  }
  if (!best) return null;
  const text = (best.fromCharacter ? best.text : toCharacterSide(best.text)).trim().replace(/[.!?…]*$/, ".");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What the offline writer says back when asked (a model reads the memory in its prompt): from the
 * memories (a pinned character line is already in the character's words) and the running summary,
 * which speaks of the person by name, so said back to them it is "you".
 */
export function recallFromMemory(question: string, memory: RecallPin[], summary: string | null, userName: string) {
  return recall(question, [
    ...memory,
    ...(summary?.match(/[^.!?]+[.!?]/g) ?? []).map((sentence) => ({
      text: sentence.trim().replaceAll(`${userName}'s`, "your").replaceAll(userName, "you"),
      fromCharacter: true,
    })),
  ]);
}
