import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { isId } from "~/db/ids";
import { defaultPersona } from "~/lib/personas";
import { capabilities, requireUser } from "~/lib/auth/permissions.server";
import { usableModel } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session.server";
import { reserveMessage, type Reservation } from "~/models/allowance.server";
import { getChatCharacter, getChatSettings, type ChatCharacter } from "~/models/chat-session.server";
import { chatOnScreen, chatOnScreenQueries, pathTo, type MessageRow } from "~/models/chat-tree.server";
import { listPersonas } from "~/models/persona.server";
import { maxResponseLength, RESPONSE_LENGTH, TEXT_GENERATION_DEFAULTS, type ChatModelName } from "~/spec/models";
import { requireMethod } from "~/lib/http/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { jsonError, notFound, parseJson } from "~/lib/http/http.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { buildPrompt, FALLBACK_USER_NAME } from "./prompt";
import type { ReplyJob } from "./stream-reply.server";

/** The signed-in user, what they may do, and a character they may chat with; 404 when there is no such character. */
export async function chatCharacter(request: Request, context: AppLoadContext, characterId: string | undefined) {
  const user = await requireUser(request, context);
  const character = isId(characterId) ? await getChatCharacter(context.db, characterId, user) : null;
  if (!character) throw notFound("Character not found");
  return { user, can: capabilities(user, context), character };
}

/** The model a chat with this character runs on for this user (their choice, the character's default, or one they may use). */
export const chatModel = (can: { models: ChatModelName[] }, settings: { model: string } | undefined, character: { defaultModel: string | null }) =>
  usableModel(can, settings?.model ?? character.defaultModel);

/** The chat on screen (one D1 round trip), created (opening with the greeting) the first time. */
export async function openChat(context: AppLoadContext, user: SessionUser, character: ChatCharacter) {
  const [chatRows, messageRows] = await context.db.batch(chatOnScreenQueries(context.db, user.id, character.id));
  return chatOnScreen(context.db, user.id, character, [chatRows, messageRows]);
}

/** A generation on one message of the chat on screen (regenerate, continue): its checks in order. */
export async function messageGeneration(request: Request, context: AppLoadContext, params: { characterId?: string; messageId?: string }) {
  requireMethod(request, "POST");
  const { user, character } = await chatCharacter(request, context, params.characterId);
  await requireCsrf(request, context);
  const body = await parseJson(request, generationOptions);
  const { chatId, all } = await openChat(context, user, character);
  const target = all.find((m) => m.id === params.messageId);
  if (!target) throw notFound("That message is not in this chat.");
  return { user, character, body, chatId, all, target };
}

/**
 * Admits one reply before anything is written: the per-minute send limit, then one message reserved
 * from the allowance of a user without a subscription (429 when none is left). The reservation is
 * given back if the reply fails (streamReply); a reply stopped or deleted mid-stream keeps it.
 */
export async function admitReply(context: AppLoadContext, user: SessionUser): Promise<Reservation | null> {
  await limitPerMinute(context, "chat", `user:${user.id}`);
  if (capabilities(user, context).unlimitedMessages) return null;
  const reserved = await reserveMessage(context.db, user.id, context.config.allowance);
  if (reserved.ok) return reserved.reservation;
  const response = jsonError(429, `You have used all your messages for now. They reset at ${reserved.resetAt.toUTCString()}. Upgrade for unlimited messages.`, { resetAt: reserved.resetAt.toISOString() });
  response.headers.set("Retry-After", String(Math.max(1, Math.ceil((reserved.resetAt.getTime() - Date.now()) / 1000))));
  throw response;
}

export const generationOptions = z.object({
  responseLength: z.number().int().min(1).max(10_000).optional(),
  /** The testers' custom system prompt (ignored for everyone else). */
  systemPrompt: z.string().max(4000).nullable().optional(),
});

/** The response length the client keeps, clamped to the model's bounds (spec section 9). */
export function clampLength(model: ChatModelName, wanted: number | undefined) {
  const value = wanted ?? TEXT_GENERATION_DEFAULTS.max_tokens;
  const stepped = RESPONSE_LENGTH.min + Math.round((value - RESPONSE_LENGTH.min) / RESPONSE_LENGTH.step) * RESPONSE_LENGTH.step;
  return Math.min(maxResponseLength(model), Math.max(RESPONSE_LENGTH.min, stepped));
}

/** Everything streamReply needs to answer the branch ending at `lastId`. */
export async function replyJob(
  context: AppLoadContext,
  input: { user: SessionUser; character: ChatCharacter; chatId: string; all: MessageRow[]; lastId: string; replyId: string; userMessageId: string | null; prefix?: string; reservation: Reservation | null },
  options: z.output<typeof generationOptions>,
  preloaded?: { settings: Awaited<ReturnType<typeof getChatSettings>>; personas: Awaited<ReturnType<typeof listPersonas>> },
): Promise<ReplyJob> {
  const { user, character } = input;
  const [settings, personas] = preloaded ? [preloaded.settings, preloaded.personas] : await Promise.all([getChatSettings(context.db, user.id, character.id), listPersonas(context.db, user.id)]);
  const can = capabilities(user, context);
  const model = chatModel(can, settings, character);
  const maxTokens = clampLength(model, options.responseLength);
  const persona = defaultPersona(personas);
  const userName = persona?.name || user.name || FALLBACK_USER_NAME;
  const history = pathTo(input.all, input.lastId);
  const prompt = buildPrompt({
    character: { name: character.name, persona: settings?.persona ?? character.persona, scenario: character.scenario, exampleDialogue: character.exampleDialogue, personality: character.personality, systemPrompt: character.systemPrompt },
    userName,
    userPersona: persona?.persona ?? null,
    customSystemPrompt: can.customSystemPrompt ? options.systemPrompt : null,
    history,
    contextTokens: context.config.text.contextTokens,
    maxTokens,
  });
  return {
    chatId: input.chatId,
    replyId: input.replyId,
    userMessageId: input.userMessageId,
    prefix: input.prefix ?? "",
    prompt,
    model,
    maxTokens,
    character: { name: character.name, persona: settings?.persona ?? character.persona, scenario: character.scenario, userName },
    reservation: input.reservation,
  };
}
