import type { AppLoadContext } from "react-router";
import * as z from "zod";
import type { Passed } from "~/lib/safety/screened";
import { isId } from "~/db/ids";
import type { Capabilities } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { badRequest, notFound } from "~/lib/http/http.server";
import { allowanceEmpty, limitPerMinute } from "~/lib/http/rate-limit.server";
import type { AccountSelf } from "~/lib/personas";
import { plain, screened } from "~/lib/safety/form-rules";
import { refundMessage, reserveMessage, type Reservation } from "~/models/allowance.server";
import {
  summarizeInStore,
  beginReplyInStore,
  chatCharacterOf,
  loadChat,
  sendCharacter,
  sendInStore,
  type ChatCharacter,
  type ChatOwner,
  type LoadChatInput,
  type LoadedChat,
} from "~/models/chat.server";
import type { MessageRow } from "~/user-store/chat-tree";
import { accountSelfQuery, personasQuery } from "~/models/persona.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES, MEMORY_MESSAGES } from "~/spec/messages";
import { summaryJobNow } from "~/lib/chat/summary";
import type { BranchDepth } from "~/user-store/chats";
import type { ReplyStep } from "~/user-store/replies";
import { recallMoments } from "~/models/memory.server";
import { cardText, chatModel, completeRecipe, planReply, prepareReply, type RecipeBase, type ReplyRecipe } from "~/user-store/reply-plan";
import { replyResponse, streamReply } from "./stream-reply.server";

type Who = { user: SessionUser; can: Capabilities };

type PersonaRow = Awaited<ReturnType<typeof personasQuery>>[number];

/** A character the user may chat with and their settings for it, without opening a chat; 404 otherwise. */
export async function requireChatCharacter(context: AppLoadContext, user: SessionUser, characterId: string | undefined) {
  const found = isId(characterId) ? await loadChat(context, { viewer: user, characterId, open: false }) : null;
  if (!found) throw notFound(CHAT_MESSAGES.characterNotFound);
  return { character: found.character, settings: found.settings };
}

/**
 * The chat on screen with a character the user may see, with their settings and personas; 404
 * otherwise. `all` is the whole tree, or with `branch` one branch (through `through`, else the one on
 * screen): what a reply, a voice or a picture needs, so a long chat's other branches are never read
 * (decision 049); `depth` reads only its end: from the running summary's point, all a reply's prompt
 * uses (decision 070), or the last few messages (decision 071).
 */
export async function requireChat(
  context: AppLoadContext,
  user: SessionUser,
  characterId: string | undefined,
  options: { branch?: boolean; through?: string | null; depth?: BranchDepth } = {},
) {
  const db = context.db;
  const found = await findChat(context, user, characterId, { ...options, extra: [personasQuery(db, user.id), accountSelfQuery(db, user.id)] });
  const [personas, [self]] = found.extra as [PersonaRow[], AccountSelf[]];
  return { ...found, personas, self: self ?? { name: user.name } };
}
export type OpenChat = Awaited<ReturnType<typeof requireChat>>;

/** The chat on screen with a character the user may see, read as `read` says (ChatRead), and whose it is; 404 otherwise. */
export async function findChat(
  context: AppLoadContext,
  user: SessionUser,
  characterId: string | undefined,
  read: Omit<LoadChatInput, "viewer" | "characterId">,
) {
  const found = isId(characterId) ? await loadChat(context, { viewer: user, characterId, ...read }) : null;
  if (!found?.chat) throw notFound(CHAT_MESSAGES.characterNotFound);
  const owner: ChatOwner = { env: context.env, userId: user.id };
  return { ...(found as LoadedChat), chatId: found.chat.id, owner };
}

/**
 * The chat on screen's memory, for the memory calls (memory-routes.server.ts); 404 as requireChat. They
 * read its branch only from the running summary's point (decision 072): the summary on screen is the
 * newest on the branch, and the object itself finds a message to remember, however old.
 */
export async function chatMemoryTarget(context: AppLoadContext, user: SessionUser, params: Record<string, string | undefined>) {
  const chat = await findChat(context, user, params.characterId, { branch: true, depth: "summary" });
  return { owner: chat.owner, chatId: chat.chatId, memory: chat.memory, summaries: chat.summaries, path: chat.all };
}

/** A message of the chat on screen; 404 otherwise. */
export function requireMessage(chat: { all: MessageRow[] }, messageId: string | undefined) {
  const target = chat.all.find((m) => m.id === messageId);
  if (!target) throw notFound(CHAT_MESSAGES.messageNotFound);
  return target;
}

/** What the browser keeps and sends with each generation. */
export const generationOptions = z.lazy(() =>
  z.object({
    responseLength: z.number().int().min(1).max(10_000).optional(),
    /** The testers' custom system prompt (ignored for everyone else). */
    systemPrompt: screened("chat.systemPrompt", z.string().max(4000)).nullable().optional(),
  }),
);
type GenerationOptions = Passed<typeof generationOptions>;

export const sendSchema = z.lazy(() =>
  generationOptions.unwrap().extend({
    content: screened("chat.message", z.string().trim().min(1, CHAT_MESSAGES.writeFirst).max(LIMITS.messageMax, CHAT_MESSAGES.tooLong(LIMITS.messageMax))),
    /** The message this one answers (an earlier one starts a new branch); the chat's last message by default. */
    parentId: plain("id", z.string()).nullable().optional(),
  }),
);

/**
 * Admits one reply (or story turn) before anything is written: the per-minute send limit, then one message reserved
 * from the allowance of a user without a subscription (429 when none is left). The reservation is
 * given back if the reply fails (streamReply); a reply stopped or deleted mid-stream keeps it.
 */
export async function admitReply(context: AppLoadContext, { user, can }: Who): Promise<Reservation | null> {
  await limitPerMinute(context, "chat", `user:${user.id}`);
  if (can.unlimitedMessages) return null;
  const reserved = await reserveMessage({ env: context.env, userId: user.id }, context.config.allowance);
  if (reserved.ok) return reserved.reservation;
  throw allowanceEmpty(CHAT_MESSAGES.allowanceEmpty, reserved.resetAt);
}

/** Runs the steps before the reply starts; if one fails, the message taken from the allowance is given back. */
export async function givingBackOnFailure<T>(context: AppLoadContext, reservation: Reservation | null, steps: () => Promise<T>) {
  try {
    return await steps();
  } catch (error) {
    if (reservation) await refundMessage(context.env, reservation, context.config.allowance);
    throw error;
  }
}

/** What the Worker knows of a reply to a chat with `character` (reply-plan.ts): the card, who the person may be, and what they may use. */
function recipeBase(
  context: AppLoadContext,
  who: Who,
  input: { character: ChatCharacter; personas: PersonaRow[]; self: AccountSelf },
  options: GenerationOptions,
): RecipeBase {
  const { character } = input;
  return {
    characterId: character.id,
    character: {
      ...cardText(character),
      systemPrompt: character.systemPrompt,
      book: character.cardExtras?.character_book,
      defaultModel: character.defaultModel,
    },
    personas: input.personas,
    self: input.self,
    models: who.can.models,
    customSystemPrompt: who.can.customSystemPrompt ? options.systemPrompt : null,
    contextTokens: context.config.text.contextTokens,
    recallTokens: context.config.text.recallTokens,
    responseLength: options.responseLength,
  };
}

/** What the replies in `chat` are planned from (reply-plan.ts): the character, who the person is in it, and the chat's memory. */
function replyRecipe(context: AppLoadContext, who: Who, chat: OpenChat, options: GenerationOptions, reservation: Reservation | null): ReplyRecipe {
  return completeRecipe(recipeBase(context, who, chat, options), {
    chatId: chat.chatId,
    settings: chat.settings,
    memory: chat.memory,
    summaries: chat.summaries,
    reservation,
  });
}

/** Streams the reply `replyId` to the branch ending at `lastId`, with the prompt built from the card, settings and persona. */
async function writeReply(
  context: AppLoadContext,
  who: Who,
  chat: OpenChat,
  input: { lastId: string; replyId: string; prefix?: string; reservation: Reservation | null },
  options: GenerationOptions,
) {
  const recipe = replyRecipe(context, who, chat, options, input.reservation);
  // Older moments the last turns call up (issue 62): one more call to the object, only when the branch outgrew the prompt.
  const parts = prepareReply(recipe, chat.all, input.lastId);
  const moments = parts.ask ? await recallMoments(chat.owner, chat.chatId, input.lastId, parts.ask) : [];
  return await streamReply(context, chat.owner, planReply(recipe, parts, { replyId: input.replyId, userMessageId: null, prefix: input.prefix ?? "" }, moments));
}

/**
 * A new message from the person (after `parentId`, the chat's leaf by default) and the character's
 * streamed reply. Before the first word: the character (one D1 batch, `sendStatements`) beside the
 * per-minute limit, then one call to the person's object, which stores the message, takes it from the
 * allowance and starts the reply (decision 067). `read` is that batch's answer when it came with the
 * session (decision 073), so the send waits on D1 once.
 */
export async function sendMessage(context: AppLoadContext, who: Who, characterId: string | undefined, body: Passed<typeof sendSchema>, read?: unknown[][]) {
  const { user, can } = who;
  const db = context.db;
  const [found, limited] = await Promise.allSettled([
    read ? chatCharacterOf(user, read) : isId(characterId) ? sendCharacter(db, user, characterId) : null,
    limitPerMinute(context, "chat", `user:${user.id}`),
  ]);
  if (found.status === "rejected") throw found.reason;
  if (!found.value) throw notFound(CHAT_MESSAGES.characterNotFound);
  if (limited.status === "rejected") throw limited.reason;
  const { character, extra } = found.value;
  const [personas, [self]] = extra as [PersonaRow[], AccountSelf[]];
  const base = recipeBase(context, who, { character, personas, self: self ?? { name: user.name } }, body);
  const owner: ChatOwner = { env: context.env, userId: user.id };
  const message = { parentId: body.parentId, content: body.content };
  const allowance = can.unlimitedMessages ? null : context.config.allowance;
  const sent = await sendInStore(db, owner, character, message, base, allowance, context.config.text, context.sessionId);
  if (!("refused" in sent)) return replyResponse(sent);
  if (sent.refused === "allowance") throw allowanceEmpty(CHAT_MESSAGES.allowanceEmpty, sent.resetAt);
  throw badRequest(CHAT_MESSAGES.parentGone);
}

/**
 * Opens the chat a Regenerate or Continue is about beside the per-minute send limit, checks what does
 * not change (`check`: the message's role, its place), then takes the step in the person's object
 * (issue 58): the allowance first, then the message as it is now, in one transaction, so parallel
 * calls with one message left give one reply and the rest 429.
 */
async function beginStep(
  context: AppLoadContext,
  who: Who,
  params: { characterId?: string; messageId?: string },
  kind: ReplyStep["kind"],
  check: (chat: OpenChat) => MessageRow,
) {
  const [opened, limited] = await Promise.allSettled([
    // The branch the call is about, read only from the running summary's point (decision 070).
    requireChat(context, who.user, params.characterId, { branch: true, through: params.messageId, depth: "summary" }).then((chat) => ({
      chat,
      target: check(chat),
    })),
    limitPerMinute(context, "chat", `user:${who.user.id}`),
  ]);
  if (opened.status === "rejected") throw opened.reason;
  if (limited.status === "rejected") throw limited.reason;
  const { chat, target } = opened.value;
  const model = chatModel(who.can, chat.settings, chat.character);
  const allowance = who.can.unlimitedMessages ? null : context.config.allowance;
  const begun = await beginReplyInStore(chat.owner, { kind, chatId: chat.chatId, messageId: target.id, model }, allowance);
  if ("refused" in begun) {
    if (begun.refused === "allowance") throw allowanceEmpty(CHAT_MESSAGES.allowanceEmpty, begun.resetAt);
    throw badRequest(kind === "continue" ? CHAT_MESSAGES.onlyFinishedContinues : CHAT_MESSAGES.messageChanged);
  }
  return { chat, target, begun };
}

/** Another version of a character message (a swipe); a failed reply is written again in place (Retry). */
export async function regenerateMessage(context: AppLoadContext, who: Who, params: { characterId?: string; messageId?: string }, options: GenerationOptions) {
  const { chat, target, begun } = await beginStep(context, who, params, "regenerate", (chat) => {
    const target = requireMessage(chat, params.messageId);
    if (target.role !== "character") throw badRequest(CHAT_MESSAGES.onlyCharacterRegenerates);
    if (!target.parentId) throw badRequest(CHAT_MESSAGES.greetingCantRegenerate);
    return target;
  });
  return await givingBackOnFailure(context, begun.reservation, () =>
    writeReply(context, who, chat, { lastId: target.parentId!, replyId: begun.replyId, reservation: begun.reservation }, options),
  );
}

/** The character goes on from where a finished message stops; the new text is appended to it. */
export async function continueMessage(context: AppLoadContext, who: Who, params: { characterId?: string; messageId?: string }, options: GenerationOptions) {
  const { chat, target, begun } = await beginStep(context, who, params, "continue", (chat) => {
    const target = requireMessage(chat, params.messageId);
    // Whether it is finished is decided by the object, after the allowance (another tab may be continuing it).
    if (target.role !== "character") throw badRequest(CHAT_MESSAGES.onlyFinishedContinues);
    if (target.content.length >= LIMITS.messageMax) throw badRequest(CHAT_MESSAGES.atLengthLimit(LIMITS.messageMax));
    return target;
  });
  return await givingBackOnFailure(context, begun.reservation, () =>
    writeReply(context, who, chat, { lastId: target.id, replyId: target.id, prefix: target.content, reservation: begun.reservation }, options),
  );
}

/**
 * "Summarise now" (issue 62): the running summary of the branch on screen brought up to all but its
 * newest messages, written as after a reply (the offline writer, or the chat's model), awaited.
 * 400 when nothing new is there to fold in, or when the summary could not be written.
 */
export async function summarizeNow(context: AppLoadContext, who: Who, characterId: string | undefined) {
  const chat = await requireChat(context, who.user, characterId, { branch: true, depth: "summary" });
  const leafId = chat.chat.leafMessageId;
  if (!leafId) throw badRequest(MEMORY_MESSAGES.nothingToSummarise);
  const recipe = replyRecipe(context, who, chat, {}, null);
  const parts = prepareReply(recipe, chat.all, leafId);
  const job = planReply(recipe, parts, { replyId: leafId, userMessageId: null, prefix: "" });
  const summarize = summaryJobNow(parts.history, parts.summary, { user: recipe.userName, character: recipe.character.name });
  if (!summarize) throw badRequest(MEMORY_MESSAGES.nothingToSummarise);
  if (!(await summarizeInStore(chat.owner, { ...job, userId: who.user.id, summarize }, context.config.text))) throw badRequest(MEMORY_MESSAGES.summaryFailed);
}
