/**
 * What a reply is written from (decision 065): the Worker gathers the recipe (the character, the
 * person's persona and settings, the chat's memory), and the reply's job is planned from it and the
 * branch the reply answers. A send plans it in the person's object, right after its message is stored,
 * so sending takes one call to the object instead of two; Regenerate and Continue plan it in the Worker.
 */
import { readLorebook, selectLore } from "~/lib/lorebook";
import type { ChatModelName } from "~/spec/models";
import type { Reservation } from "~/models/allowance.server";
import { pathTo, type MessageRow } from "~/models/chat-tree";
import { recallFromMemory } from "./memory-recall";
import { planPrompt } from "./prompt";
import { summaryJob, summaryOnBranch } from "./summary";
import type { ReplyJob } from "./write-reply.server";

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
  maxTokens: number;
  model: ChatModelName;
  memory: { text: string; messageId: string | null }[];
  summaries: { throughMessageId: string; text: string }[];
  reservation: Reservation | null;
};

/** The reply `ids.replyId` to the branch `all` ending at `lastId`: its prompt, hints for the offline writer, and summary job. */
export function planReply(
  recipe: ReplyRecipe,
  all: MessageRow[],
  lastId: string,
  ids: { replyId: string; userMessageId: string | null; prefix: string },
): Omit<ReplyJob, "userId"> {
  const { character, userName } = recipe;
  // A reply another send is still writing has no text yet: it is left out of this prompt.
  const path = pathTo(all, lastId).filter((m) => m.content || m.status !== "streaming");
  // The running summary of this branch (decision 045) stands for the messages up to its point.
  const { text: summary, after } = summaryOnBranch(recipe.summaries, path);
  const history = path.slice(after).filter((m) => m.role !== "system" && m.content.trim());
  const book = readLorebook(character.book);
  const recent = history.slice(-(book?.scanDepth ?? LORE_SCAN_MESSAGES)).map((m) => m.content);
  const lore = selectLore(book, recent, Math.floor(recipe.contextTokens * LORE_CONTEXT_SHARE));
  // What the person's last words call up, for the offline writer to answer from (issue 24).
  const lastWords = history.filter((m) => m.role === "user").at(-1)?.content ?? "";
  const calledUp = book && lastWords ? selectLore({ ...book, entries: book.entries.filter((e) => !e.constant) }, [lastWords], LORE_CALLED_UP_TOKENS) : [];
  const { messages: prompt, dropped } = planPrompt({
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
    history,
    lore,
    memory: recipe.memory.map((pin) => pin.text),
    summary,
    contextTokens: recipe.contextTokens,
    maxTokens: recipe.maxTokens,
  });
  return {
    characterId: recipe.characterId,
    chatId: recipe.chatId,
    replyId: ids.replyId,
    userMessageId: ids.userMessageId,
    prefix: ids.prefix,
    prompt,
    model: recipe.model,
    maxTokens: recipe.maxTokens,
    character: {
      name: character.name,
      persona: character.persona,
      personality: character.personality,
      scenario: character.scenario,
      exampleDialogue: character.exampleDialogue,
      greeting: character.greeting,
      tags: character.tags,
      userName,
      lore: calledUp,
      // What the offline writer says back when asked "do you remember…" (a model reads the memory in its prompt).
      recalled: recallFromMemory(lastWords, recipe.memory, summary, userName, (id) => all.find((m) => m.id === id)?.role),
    },
    reservation: recipe.reservation,
    summarize: summaryJob(history, dropped.length, summary, { user: userName, character: character.name }),
  };
}
