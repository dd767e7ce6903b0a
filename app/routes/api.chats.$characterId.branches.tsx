import { findChat } from "~/services/chat/reply.server";
import { apiLoader } from "~/web/api.server";
import { branchTree } from "~/user-store/chat-tree";

/**
 * GET: the chat's branches as a tree of runs (the chat's "All branches" view), the one on screen
 * marked. The person's object makes the tree, so a long chat's text stays there; a chat opened just
 * now (its greetings only) is made here.
 */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  const chat = await findChat(context, user, params.characterId, { tree: true });
  return { branches: chat.tree ?? branchTree(chat.all, chat.chat.leafMessageId) };
});
