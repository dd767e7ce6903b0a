import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { plain, screened } from "~/lib/safety/form-rules";
import type { SessionUser } from "~/lib/auth/session-user";
import type { Passed } from "~/lib/safety/screened";
import { badRequest, notFound } from "~/lib/http/http.server";
import { copyChat, createChat, deleteChat, findChat, renameChat, selectChat } from "~/models/chat.server";
import { CHAT_MESSAGES, MESSAGES } from "~/spec/messages";
import { requireChat, requireChatCharacter } from "./reply.server";

/** Saved chats (GOLD, spec sections 4 to 6): several chats per character, one of them on screen. */

const characterId = z.lazy(() => plain("id", z.string({ error: CHAT_MESSAGES.characterIdRequired }).min(1, CHAT_MESSAGES.characterIdRequired)));
/** A saved chat's title: the person's words, screened (issue 59). */
const title = screened("chat.title", z.string().trim().max(80, CHAT_MESSAGES.titleTooLong));
export const SAVED_CHAT_SCHEMAS = {
  query: z.lazy(() => z.object({ characterId })),
  POST: z.lazy(() => z.object({ characterId, title: title.optional(), copyCurrentChat: z.boolean().default(true) })),
  PUT: z.lazy(() => z.object({ characterId, chatId: plain("id", z.string()).nullish(), title: title.optional() })),
  DELETE: z.lazy(() => z.object({ characterId, chatId: plain("id", z.string()).nullish() })),
};
export type SavedChatBody<M extends "POST" | "PUT" | "DELETE"> = Passed<(typeof SAVED_CHAT_SCHEMAS)[M]>;

async function ownChat(context: AppLoadContext, user: SessionUser, body: { characterId: string; chatId?: string | null }) {
  const { character } = await requireChatCharacter(context, user, body.characterId);
  const owner = { env: context.env, userId: user.id };
  return { owner, character, chat: body.chatId ? await findChat(owner, character.id, body.chatId) : undefined };
}

/** A new chat, empty but for the greeting or a copy of the branch on screen; it becomes the one on screen. */
export async function createSavedChat(context: AppLoadContext, user: SessionUser, body: SavedChatBody<"POST">) {
  const name = body.title;
  if (!name) throw badRequest(MESSAGES.savedChats.titleRequired);
  const { owner, character } = await ownChat(context, user, body);
  if (!body.copyCurrentChat) return { chatId: await createChat(context.db, owner, character, name) };
  const from = await requireChat(context, user, character.id);
  const chatId = await copyChat(context.db, owner, { character, title: name, fromChatId: from.chatId });
  if (!chatId) throw notFound(CHAT_MESSAGES.chatNotFound);
  return { chatId };
}

/** Selects a chat, or renames it when a title comes with it. */
export async function updateSavedChat(context: AppLoadContext, user: SessionUser, body: SavedChatBody<"PUT">) {
  const { owner, character, chat } = await ownChat(context, user, body);
  if (!chat) throw badRequest(MESSAGES.savedChats.selectToUpdate);
  if (body.title === undefined) {
    await selectChat(owner, character.id, chat.id);
    return { id: chat.id, selected: true };
  }
  const renamed = body.title;
  if (!renamed || renamed === chat.title) throw badRequest(MESSAGES.savedChats.newTitleRequired);
  await renameChat(owner, chat.id, renamed);
  return { id: chat.id, title: renamed };
}

export async function deleteSavedChat(context: AppLoadContext, user: SessionUser, body: SavedChatBody<"DELETE">) {
  if (!body.chatId) throw badRequest(MESSAGES.savedChats.selectToDelete);
  const { owner, chat } = await ownChat(context, user, body);
  if (!chat) throw notFound(CHAT_MESSAGES.chatNotFound);
  await deleteChat(owner, chat.characterId, chat.id);
  return { id: chat.id, deleted: true };
}
