import type { GenerateRequest, TextGenerator } from "~/lib/providers/text/types";
import { MODEL_MESSAGES } from "~/spec/messages";
import { offlineStory } from "./offline-story";
import { offlineReply } from "./offline-writer";

export const OFFLINE_LABEL = MODEL_MESSAGES.offlineLabel;

/** The reply to the conversation's last user message (the greeting's turn when there is none). */
function replyTo(request: GenerateRequest) {
  const message = request.character.answering ?? [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  // What was said lately, by the character and (in a group) by the others, whose lines come as the
  // user's with their name: no stock line is said twice in a row of replies, whoever said it first.
  const recent = request.messages
    .slice(1)
    .slice(-6)
    .map((m) => m.content)
    .join("\n");
  return offlineReply(request.character, { message, seed: request.seed ?? `${request.messages.length}`, maxWords: request.maxTokens, recent });
}

/**
 * Continue: the prompt ends with the character's own message. A reply that was stopped goes on with
 * the rest of the reply the writer was writing (the same seed, before anything was appended); one
 * that was whole gets the lines of a new reply it does not already have. Never the same words again.
 */
function continuationOf(request: GenerateRequest, written: string) {
  const before = { ...request, messages: request.messages.slice(0, -1) };
  const whole = replyTo({ ...before, seed: request.seed?.replace(/:\d+$/, ":0") });
  const rest = restOf(whole, written);
  if (rest) return rest;
  // The message already opens with an action: what follows is said, not a second opening.
  // (The message itself is among the recent replies, so the writer picks lines it does not have.)
  const fresh = replyTo(request)
    .replace(/^\*[^*]*\*\s*/, "")
    .split(/(?<=[.!?*"])\s+/)
    .filter((sentence) => !written.includes(sentence.replace(/^[*"]|[*"]$/g, "")));
  return fresh.join(" ") || "…";
}

/** What `whole` says after `written` (which Stop may have closed with a `*` or `"`); null when it does not start with it. */
function restOf(whole: string, written: string) {
  const core = written.replace(/\s+$/, "");
  for (const start of [core, core.replace(/[*"”]+$/, "").trimEnd()]) {
    if (!start || !whole.startsWith(start) || whole.length <= start.length) continue;
    const rest = whole.slice(start.length).trimStart();
    if (start === core) return rest;
    // Stop closed an emphasis or a quote here (`closer`): where the reply closes it too, the rest
    // goes on after it; else the rest opens it again, so the text stays well formed.
    const closer = core.slice(start.length);
    const after = rest.replace(/^[,.;:!?…]+\s*/, "");
    if (after.startsWith(closer)) return after.slice(closer.length).trimStart() || null;
    return [...closer].reverse().join("").replace(/”/g, "“") + after;
  }
  return null;
}

/** What the demo writes: a story turn's JSON for Story mode, else the chat reply (or Continue's rest). */
function textFor(request: GenerateRequest) {
  if (request.story) return offlineStory(request.story, request.seed ?? `${request.story.turn}`, request.maxTokens);
  const last = request.messages.at(-1);
  return last?.role === "assistant" && last.content.trim() ? continuationOf(request, last.content) : replyTo(request);
}

/** The default backend: streams the demo text word by word, so the product works with no model server. */
export function offlineGenerator(delayMs = 25): TextGenerator {
  return {
    label: OFFLINE_LABEL,
    async *stream(request) {
      for (const piece of textFor(request).split(/(?<= )/)) {
        if (request.signal?.aborted) return;
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        yield piece;
      }
    },
  };
}
