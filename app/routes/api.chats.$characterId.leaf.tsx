import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { requireChat, requireMessage } from "~/services/chat/reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { showBranch } from "~/models/chat.server";
import { CHAT_MESSAGES } from "~/spec/messages";

const schema = z.lazy(() => z.object({ messageId: plain("id", z.string().min(1, CHAT_MESSAGES.pickMessage)) }));

/**
 * PUT `{ messageId }`: show the branch through that message (a swipe, or another version of an edit).
 * Answers the latest of it, `{ messages, earlier }` (decision 072).
 */
export const action = apiAction({ methods: ["PUT"], auth: "user", schema }, async ({ context, user, params, body }) => {
  // The message alone says it is in this chat (decision 071); showBranch reads what the screen shows.
  const chat = await requireChat(context, user, params.characterId, { branch: true, through: body.messageId, depth: 1 });
  requireMessage(chat, body.messageId);
  const shown = await showBranch(chat.owner, chat.chatId, body.messageId);
  if (!shown) throw notFound(CHAT_MESSAGES.messageNotFound);
  return shown;
});

export const loader = onlyMethods("PUT");
