import { isId } from "~/db/ids";
import { apiLoader } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { loadChat } from "~/models/chat.server";
import { toWindow, type WindowRow } from "~/models/chat-tree";
import { CHAT_MESSAGES } from "~/spec/messages";
import { latestQuery } from "~/lib/chat/latest-query";

/**
 * GET: the chat on screen with this character (opening with the greeting the first time):
 * `{ chatId, messages, earlier }`. `?latest=N` answers the branch's latest N messages and how many come
 * before them, as the page reloads it after a change (decision 072); the whole branch by default.
 */
export const loader = apiLoader({ auth: "user", query: latestQuery }, async ({ context, user, params, query }) => {
  const window = query.latest ?? "all";
  const found = isId(params.characterId) ? await loadChat(context, { viewer: user, characterId: params.characterId, window }) : null;
  if (!found?.chat) throw notFound(CHAT_MESSAGES.characterNotFound);
  const messages = toWindow(found.all as WindowRow[], found.chat.leafMessageId) ?? [];
  return { chatId: found.chat.id, messages, earlier: Math.max(0, (found.branchLength ?? messages.length) - messages.length) };
});
