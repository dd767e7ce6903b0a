import * as z from "zod";
import { requireGroupMessage } from "~/services/groups/group-message.server";
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
 * As a chat's: PUT `{ content }` writes an edited version of a member's message beside it (by the same
 * member); the person's own messages are edited by sending again with the original's parentId.
 * DELETE removes a message and the branch under it.
 */
export const action = apiAction({ methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: editSchema } }, async ({ request, context, user, params, body }) => {
  const { owner, target } = await requireGroupMessage(context, user, params.id, params.messageId);
  if (request.method === "DELETE") {
    const removed = await deleteMessage(owner, target.chatId, target.id);
    if (!removed || removed === "only_greeting") throw notFound(CHAT_MESSAGES.messageNotFound);
    return removed;
  }
  if (target.role !== "character") throw badRequest(CHAT_MESSAGES.editOwnBySending);
  return await editInto(owner, { chatId: target.chatId, target, content: body!.content });
});

export const loader = onlyMethods("PUT", "DELETE");
