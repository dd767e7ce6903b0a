import * as z from "zod";
import { requireChat, requireMessage } from "~/services/chat/reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { screened } from "~/lib/safety/form-rules";
import { deleteMessage, editInto } from "~/models/chat.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";

const editSchema = z.lazy(() =>
  z.object({
    content: screened("chat.message", z.string().trim().min(1, CHAT_MESSAGES.emptyEdit).max(LIMITS.messageMax, CHAT_MESSAGES.tooLong(LIMITS.messageMax))),
  }),
);

/**
 * PUT `{ content }`: an edited version of a character message, as a new alternative beside it (the
 * original stays one swipe away); your own messages are edited by sending the new text with the
 * original's parentId. DELETE removes a message and the branch under it. Both answer the latest of
 * the chat on screen after the change, `{ messages, earlier }` (decision 072); PUT with the new `id`.
 */
export const action = apiAction({ methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: editSchema } }, async ({ request, context, user, params, body }) => {
  // Both need the message alone (decision 071); the object itself keeps the chat's last greeting.
  const chat = await requireChat(context, user, params.characterId, { branch: true, through: params.messageId, depth: 1 });
  const target = requireMessage(chat, params.messageId);
  if (request.method === "DELETE") {
    const removed = await deleteMessage(chat.owner, chat.chatId, target.id, true);
    if (removed === "only_greeting") throw badRequest(CHAT_MESSAGES.greetingCantDelete);
    if (!removed) throw notFound(CHAT_MESSAGES.messageNotFound);
    return removed;
  }
  if (target.role !== "character") throw badRequest(CHAT_MESSAGES.editOwnBySending);
  return await editInto(chat.owner, { chatId: chat.chatId, target, content: body!.content });
});

export const loader = onlyMethods("PUT", "DELETE");
