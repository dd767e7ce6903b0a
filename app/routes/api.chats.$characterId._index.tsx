import { requireChat } from "~/lib/chat/reply.server";
import { apiLoader } from "~/lib/http/api.server";
import { pathTo } from "~/models/chat-tree";

/** GET: the chat on screen with this character (opening with the greeting the first time). */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  const chat = await requireChat(context, user, params.characterId);
  return { chatId: chat.chatId, messages: pathTo(chat.all, chat.chat.leafMessageId) };
});
