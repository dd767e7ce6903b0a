/**
 * Story mode's reading of a model's reply (spec section 7): the passage and its choices come as a
 * JSON object, which models wrap in prose or a ```json fence. Pure, so the browser could share it.
 */

export type StoryChoice = { id: string; text: string };
export type StoryTurn = { story: string; choices: StoryChoice[] };

const MAX_CHOICES = 6;
const MAX_CHOICE_LENGTH = 200;
/** The longest id kept from a reply (the generate endpoint accepts ids up to 64 characters). */
const MAX_ID_LENGTH = 64;

/** A random base-36 id. */
export function choiceId() {
  return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36).padStart(7, "0")).join("");
}

/** Where the JSON object opening at `start` closes (the index after its `}`), or -1 when it never does. */
function objectEnd(text: string, start: number) {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The first parsable object in the text with a string `story` field; every `{` is a candidate, so a stray one earlier is skipped. */
function storyObject(text: string) {
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    const end = objectEnd(text, start);
    if (end === -1) continue;
    try {
      const value: unknown = JSON.parse(text.slice(start, end));
      if (isRecord(value) && typeof value.story === "string") return value as Record<string, unknown> & { story: string };
    } catch {
      // Not JSON after all (prose in braces, a placeholder): try the next brace.
    }
  }
  return null;
}

/** The offered choices: texts trimmed, capped and non-empty, ids kept when usable and made unique, six at most. */
function choicesOf(value: unknown): StoryChoice[] {
  if (!Array.isArray(value)) return [];
  const choices: StoryChoice[] = [];
  const ids = new Set<string>();
  for (const item of value) {
    if (choices.length === MAX_CHOICES) break;
    const raw = typeof item === "string" ? item : isRecord(item) && typeof item.text === "string" ? item.text : "";
    const text = raw.replace(/\s+/g, " ").trim().slice(0, MAX_CHOICE_LENGTH).trim();
    if (!text) continue;
    let id = isRecord(item) && typeof item.id === "string" ? item.id.trim().slice(0, MAX_ID_LENGTH) : "";
    while (!id || ids.has(id)) id = choiceId();
    ids.add(id);
    choices.push({ id, text });
  }
  return choices;
}

/** Spec rule: the first parsable JSON object in the reply that has a string `story` field is used, even inside prose or a ```json fenced block; the story text is trimmed; choices are objects with `text` (strings may also be accepted as text); a choice without an id (or with a blank/non-string id) gets a random base-36 id; ids are made unique within the turn; empty choice texts are dropped. Null when there is no such object (the caller answers 'Invalid AI response format'). */
export function parseStoryReply(reply: string): StoryTurn | null {
  const found = storyObject(reply);
  return found ? { story: found.story.trim(), choices: choicesOf(found.choices) } : null;
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** A JSON string's content up to its closing quote or the end of what has arrived; an escape cut off at the end is left out. */
function decodeOpenString(text: string) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return out;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) break;
    if (next === "u") {
      const hex = text.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      out += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else {
      out += ESCAPES[next] ?? next;
      i++;
    }
  }
  // Half of a surrogate pair whose other half has not arrived yet.
  return /[\uD800-\uDBFF]$/.test(out) ? out.slice(0, -1) : out;
}

/** While a reply streams: the story text written so far (the decoded content of the "story" string value, which may be unterminated, with JSON escapes decoded, partial escapes at the end dropped), or null before the "story" key appears. */
export function partialStory(reply: string): string | null {
  const key = /"story"\s*(?::\s*("?))?/.exec(reply);
  if (!key) return null;
  return key[1] ? decodeOpenString(reply.slice(key.index + key[0].length)) : "";
}
