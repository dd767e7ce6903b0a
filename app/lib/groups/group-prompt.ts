/**
 * The prompt of one reply in a group chat (issue 26, decision 051): the group's scenario, the speaking
 * character's card, short cards of the others, every member's lorebook entries that the recent
 * messages call up, the person's persona, then as many recent messages as fit, each with its
 * speaker's name. The same budget and token estimate as a chat (planPrompt).
 */
import { planPrompt } from "~/lib/chat/prompt";
import { loreKey, readLorebook, selectLoreEntries } from "~/lib/lorebook";
import type { Turn } from "./speaker";

export type GroupCard = {
  id: string;
  name: string;
  persona: string;
  scenario: string;
  exampleDialogue: string;
  cardExtras: unknown;
};

/** How much of another member's persona goes into the speaker's prompt. */
const SHORT_CARD_CHARS = 300;
/** The share of the context all members' world info may take, as in a chat. */
const LORE_CONTEXT_SHARE = 1 / 4;
const LORE_SCAN_MESSAGES = 4;

const GROUP_SYSTEM =
  "You are {{char}} in a group roleplay chat with {{user}} and others. Write only {{char}}'s next reply: stay in character, write actions in *asterisks* and speech in quotes, and never speak or act for {{user}} or the other characters. You may address them by name.";

const cardOf = (extras: unknown) => (extras && typeof extras === "object" ? (extras as Record<string, unknown>) : {});

export function planGroupPrompt(input: {
  speaker: GroupCard;
  others: GroupCard[];
  scenario: string;
  userName: string;
  userPersona: string | null;
  history: Turn[];
  names: Map<string, string>;
  /** The group's own memories and the running summary of the messages before `history` (decision 051). */
  memory?: string[];
  summary?: string | null;
  /** Older moments of the conversation recalled for this reply (issue 62). */
  recalled?: string[];
  contextTokens: number;
  maxTokens: number;
}) {
  const { speaker } = input;
  const extras = cardOf(speaker.cardExtras);
  const others = input.others.map((o) => `- ${o.name}: ${o.persona.trim().slice(0, SHORT_CARD_CHARS)}`).join("\n");
  const spoken = input.history.filter((t) => t.role !== "system" && t.content.trim());
  const recent = spoken.slice(-LORE_SCAN_MESSAGES).map((t) => t.content);
  // The members share the world-info budget a chat's one character has.
  const loreBudget = Math.floor((input.contextTokens * LORE_CONTEXT_SHARE) / (1 + input.others.length));
  const lore = [speaker, ...input.others].flatMap((m) => selectLoreEntries(readLorebook(cardOf(m.cardExtras).character_book), recent, loreBudget));
  // The speaker's own lines are theirs; everyone else's are heard, with the name of who said them.
  const history = spoken.map((t) =>
    t.role === "character" && t.speakerId === speaker.id
      ? { role: "character" as const, content: t.content }
      : { role: "user" as const, content: `${t.role === "user" ? input.userName : (input.names.get(t.speakerId ?? "") ?? "Someone")}: ${t.content}` },
  );
  const planned = planPrompt({
    character: {
      name: speaker.name,
      persona: [speaker.persona.trim(), others && `Also in the scene:\n${others}`].filter(Boolean).join("\n\n"),
      scenario: input.scenario.trim() || speaker.scenario,
      exampleDialogue: speaker.exampleDialogue,
      personality: typeof extras.personality === "string" ? extras.personality : "",
      systemPrompt: GROUP_SYSTEM,
    },
    userName: input.userName,
    userPersona: input.userPersona,
    history,
    lore: [...new Set(lore.map((e) => e.content.trim()))],
    memory: input.memory,
    summary: input.summary,
    recalled: input.recalled,
    contextTokens: input.contextTokens,
    maxTokens: input.maxTokens,
  });
  // The messages the prompt left out are the oldest of `spoken`, in order: what the running summary folds in next.
  return { messages: planned.messages, dropped: spoken.slice(0, planned.dropped.length), lore: [...new Set(lore.map(loreKey))] };
}
