import { isId } from "~/db/ids";
import { latestQuery } from "~/lib/chat/latest-query";
import { apiLoader } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { loadChat } from "~/models/chat.server";
import { windowPart } from "~/models/chat-tree";
import { CHAT_MESSAGES } from "~/spec/messages";

/**
 * GET: the chat on screen with this character (opening with the greeting the first time):
 * `{ chatId, messages, earlier }`, the whole branch by default. `?latest=N` answers its latest N
 * messages and how many come before them, as the page reads it again after a change; with
 * `&before=<message id>`, the N above that message, as the page loads earlier ones (decision 072).
 */
export const loader = apiLoader({ auth: "user", query: latestQuery }, async ({ context, user, params, query }) => {
  const { before } = query;
  const found = isId(params.characterId)
    ? await loadChat(context, { viewer: user, characterId: params.characterId, window: query.latest ?? "all", before })
    : null;
  if (!found?.chat) throw notFound(CHAT_MESSAGES.characterNotFound);
  const messages = windowPart({ all: found.all, chat: found.chat }, before);
  if (!messages) throw notFound(CHAT_MESSAGES.messageNotFound);
  const above = Math.max(0, (found.branchLength ?? 0) - messages.length - (before ? 1 : 0));
  return { chatId: found.chat.id, messages, earlier: above };
});
