/**
 * What a reply is written from (decisions 065 and 067): the recipe (the character, the person's
 * persona and settings, the chat's memory), and the reply's job planned from it and the branch the
 * reply answers. A send hands the person's object what the Worker read from D1 (`RecipeBase`); the
 * object completes it with what it keeps (the chat, the settings, the memory, the allowance) and plans
 * the reply right after storing the message, in the one call of the send. Regenerate and Continue
 * complete and plan it in the Worker.
 */
import type { ReplyJob } from "./replies";
import { usableModel } from "~/lib/auth/capabilities";
import { loreKey, readLorebook, selectLore, selectLoreEntries } from "~/lib/lorebook";
import { askRecall, chooseRecalled, planWithRecalled, type RecallMoment } from "~/lib/chat/recall";
import { chatIdentity, chatPersona, type AccountSelf } from "~/lib/personas";
import { clampLength, type ChatModelName } from "~/spec/models";
import type { Reservation } from "./allowances";
import { pathTo, type MessageRow } from "~/user-store/chat-tree";
import { recallFromMemory, type RecallPin } from "~/lib/chat/memory-recall";
import { FALLBACK_USER_NAME, planPrompt } from "~/lib/chat/prompt";
import { summaryJob, summaryOnBranch } from "~/lib/chat/summary";

/** How many of the newest messages a lorebook's keys are looked for in, unless the book says. */
const LORE_SCAN_MESSAGES = 4;
/** The share of the context window world info may take. */
const LORE_CONTEXT_SHARE = 1 / 4;
/** How much of what the last message calls up the offline writer is handed (it says two sentences of the first). */
const LORE_CALLED_UP_TOKENS = 2_000;

/** Everything a reply's prompt needs besides the branch it answers; plain data, so it can be sent to the object. */
export type ReplyRecipe = {
  characterId: string;
  chatId: string;
  character: {
    name: string;
    /** The persona the reply speaks as: the person's override for this chat, else the card's. */
    persona: string;
    personality: string;
    scenario: string;
    exampleDialogue: string;
    systemPrompt: string;
    greeting: string;
    tags: string[];
    /** The card's lorebook as stored (`character_book`), read here. */
    book: unknown;
  };
  userName: string;
  userPersona: string | null;
  customSystemPrompt: string | null | undefined;
  contextTokens: number;
  /** The share of the context recalled moments may take (TEXT_RECALL_SHARE), in tokens. */
  recallTokens: number;
  maxTokens: number;
  model: ChatModelName;
  memory: (RecallPin & { id: string; messageId: string | null })[];
  summaries: { throughMessageId: string; text: string }[];
  reservation: Reservation | null;
};

/** What the Worker knows of a reply before the person's object opens the chat: the card, the person, and what they may use. */
export type RecipeBase = {
  characterId: string;
  /** The card as stored; `persona` is the card's, which the person's own edit for the chat replaces. */
  character: ReplyRecipe["character"] & { defaultModel: string | null };
  /** Who the person may be in the chat: which one they are depends on the persona chosen there. */
  personas: { id: string; isDefault: boolean; name: string; persona: string }[];
  self: AccountSelf;
  /** The models the person may use. */
  models: ChatModelName[];
  customSystemPrompt: string | null | undefined;
  contextTokens: number;
  recallTokens: number;
  responseLength: number | undefined;
};

/** What the person's object keeps of a chat that a reply's recipe needs. */
export type ChatKept = {
  chatId: string;
  settings: { model: string; persona: string | null; personaId: string | null } | null | undefined;
  memory: ReplyRecipe["memory"];
  summaries: ReplyRecipe["summaries"];
  reservation: Reservation | null;
};

/** The model a chat with this character runs on for this person: their choice, the character's default, or one they may use. */
export const chatModel = (can: { models: ChatModelName[] }, settings: { model: string } | null | undefined, character: { defaultModel: string | null }) =>
  usableModel(can, settings?.model ?? character.defaultModel);

/** The whole recipe: what the Worker read, completed with what the chat keeps. */
/** The card's own text, as both the recipe and the writer's hints carry it. */
export const cardText = (c: {
  name: string;
  persona: string;
  personality: string;
  scenario: string;
  exampleDialogue: string;
  greeting: string;
  tags: string[];
}) => ({
  name: c.name,
  persona: c.persona,
  personality: c.personality,
  scenario: c.scenario,
  exampleDialogue: c.exampleDialogue,
  greeting: c.greeting,
  tags: c.tags,
});

export function completeRecipe(base: RecipeBase, kept: ChatKept): ReplyRecipe {
  const { defaultModel, ...character } = base.character;
  const model = chatModel({ models: base.models }, kept.settings, { defaultModel });
  const me = chatIdentity(chatPersona(base.personas, kept.settings?.personaId), base.self, FALLBACK_USER_NAME);
  return {
    characterId: base.characterId,
    chatId: kept.chatId,
    character: { ...character, persona: kept.settings?.persona ?? character.persona },
    userName: me.name,
    userPersona: me.persona,
    customSystemPrompt: base.customSystemPrompt,
    contextTokens: base.contextTokens,
    recallTokens: base.recallTokens,
    maxTokens: clampLength(model, base.responseLength),
    model,
    memory: kept.memory,
    summaries: kept.summaries,
    reservation: kept.reservation,
  };
}

/**
 * The parts of a reply's prompt that do not depend on recall (issue 62), read once: the branch it
 * answers, what stands for its older part (the running summary), the lore, the window the prompt has
 * room for once recall's share is set aside, and what recall is to look for (null: nothing to recall).
 * The caller finds the moments (in the object, or with one call to it) and hands them to planReply.
 */
export function prepareReply(recipe: ReplyRecipe, all: MessageRow[], lastId: string) {
  const { character, userName } = recipe;
  // A reply another send is still writing has no text yet: it is left out of this prompt.
  const path = pathTo(all, lastId).filter((m) => m.content || m.status !== "streaming");
  // The running summary of this branch (decision 045) stands for the messages up to its point.
  const { text: summary, after } = summaryOnBranch(recipe.summaries, path);
  const history = path.slice(after).filter((m) => m.role !== "system" && m.content.trim());
  const book = readLorebook(character.book);
  const recent = history.slice(-(book?.scanDepth ?? LORE_SCAN_MESSAGES)).map((m) => m.content);
  const lore = selectLoreEntries(book, recent, Math.floor(recipe.contextTokens * LORE_CONTEXT_SHARE));
  const input = {
    character: {
      name: character.name,
      persona: character.persona,
      scenario: character.scenario,
      exampleDialogue: character.exampleDialogue,
      personality: character.personality,
      systemPrompt: character.systemPrompt,
    },
    userName,
    userPersona: recipe.userPersona,
    customSystemPrompt: recipe.customSystemPrompt,
    lore: lore.map((e) => e.content.trim()),
    memory: recipe.memory.map((pin) => pin.text),
    summary,
    maxTokens: recipe.maxTokens,
  };
  // The window the prompt has room for once recall's share is set aside.
  const windowStart = planPrompt({ ...input, history, contextTokens: recipe.contextTokens - recipe.recallTokens }).dropped.length;
  const ask = recipe.recallTokens > 0 ? askRecall(history, windowStart, after > 0) : null;
  return { summary, history, book, lore, input, windowStart, ask };
}
export type ReplyParts = ReturnType<typeof prepareReply>;

/** The reply `ids.replyId` planned from its `parts` (prepareReply): its prompt (with the `moments` recall found), hints for the offline writer, and summary job. */
export function planReply(
  recipe: ReplyRecipe,
  parts: ReplyParts,
  ids: { replyId: string; userMessageId: string | null; prefix: string },
  moments: RecallMoment[] = [],
): Omit<ReplyJob, "userId"> {
  const { character, userName } = recipe;
  const { summary, history, book, lore, input, windowStart } = parts;
  const found = chooseRecalled(moments, {
    window: history.slice(windowStart),
    pinned: recipe.memory.map((pin) => pin.messageId),
    budget: recipe.recallTokens,
    nameOf: (m) => (m.role === "user" ? userName : character.name),
  });
  const { planned, dropped } = planWithRecalled(history, windowStart, found, (shown, recalled) =>
    planPrompt({ ...input, history: shown, recalled, contextTokens: recipe.contextTokens }),
  );
  // What the person's last words call up, for the offline writer to answer from (issue 24).
  const lastWords = history.filter((m) => m.role === "user").at(-1)?.content ?? "";
  const calledUp = book && lastWords ? selectLore({ ...book, entries: book.entries.filter((e) => !e.constant) }, [lastWords], LORE_CALLED_UP_TOKENS) : [];
  const recalledLines = moments
    .filter((m) => found.recalled.includes(m.hit.id))
    .map((m) => ({ text: m.hit.content, fromCharacter: m.hit.role === "character" }));
  return {
    characterId: recipe.characterId,
    chatId: recipe.chatId,
    replyId: ids.replyId,
    userMessageId: ids.userMessageId,
    prefix: ids.prefix,
    prompt: planned.messages,
    model: recipe.model,
    maxTokens: recipe.maxTokens,
    character: {
      ...cardText(character),
      userName,
      lore: calledUp,
      // What the offline writer says back when asked "do you remember…" (a model reads the memory in its prompt).
      recalled: recallFromMemory(lastWords, [...recipe.memory, ...recalledLines], summary, userName),
    },
    reservation: recipe.reservation,
    summarize: summaryJob(history, dropped, summary, { user: userName, character: character.name }),
    used: { pins: recipe.memory.map((pin) => pin.id), recalled: found.recalled, summary: !!summary, lore: lore.map(loreKey) },
  };
}
