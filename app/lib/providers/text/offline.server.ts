import type { GenerateRequest, TextGenerator } from "~/lib/providers/text/types";
import { MODEL_MESSAGES } from "~/spec/messages";
import { offlineStory } from "./offline-story";
import { offlineReply } from "./offline-writer";

export const OFFLINE_LABEL = MODEL_MESSAGES.offlineLabel;

/** The reply to the conversation's last user message (the greeting's turn when there is none). */
function replyTo(request: GenerateRequest) {
  const message = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const recent = request.messages
    .filter((m) => m.role === "assistant")
    .slice(-3)
    .map((m) => m.content)
    .join("\n");
  return offlineReply(request.character, { message, seed: request.seed ?? `${request.messages.length}`, maxWords: request.maxTokens, recent });
}

/** What the demo writes: a story turn's JSON for Story mode, else the chat reply. */
function textFor(request: GenerateRequest) {
  if (request.story) return offlineStory(request.story, request.seed ?? `${request.story.turn}`, request.maxTokens);
  return replyTo(request);
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
