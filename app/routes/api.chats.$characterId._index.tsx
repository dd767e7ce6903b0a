import { latestQuery } from "~/lib/chat/latest-query";
import { findChat } from "~/lib/chat/reply.server";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { windowPart } from "~/user-store/chat-tree";
import { CHAT_MESSAGES } from "~/spec/messages";

/**
 * GET: the chat on screen with this character (opening with the greeting the first time):
 * `{ chatId, messages, earlier }`, the whole branch by default. `?latest=N` answers its latest N
 * messages and how many come before them, as the page reads it again after a change; with
 * `&before=<message id>`, the N above that message, as the page loads earlier ones (decision 072).
 */
export const loader = apiLoader({ auth: "user", query: latestQuery }, async ({ context, user, params, query }) => {
  const chat = await findChat(context, user, params.characterId, { window: query.latest ?? "all", before: query.before });
  const part = windowPart(chat, query.before);
  if (!part) throw notFound(CHAT_MESSAGES.messageNotFound);
  return { chatId: chat.chatId, ...part };
});
