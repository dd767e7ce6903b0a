import { requireChat } from "~/lib/chat/reply.server";
import { apiLoader } from "~/lib/http/api.server";
import { branchTree } from "~/models/chat-tree";

/** GET: the chat's branches as a tree of runs (the chat's "All branches" view), the one on screen marked. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  const chat = await requireChat(context, user, params.characterId);
  return { branches: branchTree(chat.all, chat.chat.leafMessageId) };
});
