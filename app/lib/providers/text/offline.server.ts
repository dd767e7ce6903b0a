import type { GenerateRequest, TextGenerator } from "~/lib/providers/text/types";
import { MODEL_MESSAGES } from "~/spec/messages";
import { OFFLINE_WRITER } from "~/spec/offline-writer";

export const OFFLINE_LABEL = MODEL_MESSAGES.offlineLabel;

/** A small stable hash, so the same conversation gets the same reply. */
function hash(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const { actions: ACTIONS, openers: OPENERS, turns: TURNS, silence: SILENCE } = OFFLINE_WRITER;

/** The first sentence-ish piece of a text, without markup, at most `max` characters. */
function gist(text: string, max = 90) {
  const plain = text
    .replace(/[*_#>`]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const sentence = plain.split(/(?<=[.!?])\s/)[0] ?? plain;
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

/** "So you tell me what..." mid-sentence; after a colon or a full stop the quote keeps its capital. */
const opener = (lead: string, quote: string) => `${lead} ${/[:.]$/.test(lead) ? quote : quote.charAt(0).toLowerCase() + quote.slice(1)}`;

/** The reply the offline writer gives: built from the character's own fields and the last message. */
export function offlineReply(request: GenerateRequest) {
  const { name, persona, scenario, userName } = request.character;
  const last = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const seed = hash(`${name}|${last}|${request.messages.length}`);
  const trait = gist(persona.replace(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}'s Persona:\\s*`), ""), 80);
  const parts = [
    `*${name} ${ACTIONS[seed % ACTIONS.length]}.*`,
    last ? `"${opener(OPENERS[seed % OPENERS.length], gist(last, 60).replace(/^"|"$/g, ""))}"` : `"${SILENCE}"`,
    trait ? `*${trait}*` : "",
    scenario ? `"${gist(scenario, 80)}"` : "",
    `"${TURNS[(seed >>> 3) % TURNS.length].replace("{user}", userName)}"`,
  ].filter(Boolean);
  const words = parts.join(" ").split(/(?<= )/);
  // Roughly one token per word: the response length caps the reply.
  return words.slice(0, Math.max(8, request.maxTokens)).join("").trimEnd();
}

/** The default backend: streams the demo reply word by word, so the product works with no model server. */
export function offlineGenerator(delayMs = 25): TextGenerator {
  return {
    label: OFFLINE_LABEL,
    async *stream(request) {
      for (const piece of offlineReply(request).split(/(?<= )/)) {
        if (request.signal?.aborted) return;
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        yield piece;
      }
    },
  };
}
