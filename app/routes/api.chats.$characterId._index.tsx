import { latestQuery } from "~/lib/chat/latest-query";
import { findChat } from "~/services/chat/reply.server";
import { isId } from "~/db/ids";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { keptChat } from "~/models/chat.server";
import { windowPart } from "~/user-store/chat-tree";
import { CHAT_MESSAGES } from "~/spec/messages";

/**
 * GET: the chat on screen with this character (opening with the greeting the first time):
 * `{ chatId, messages, earlier, unavailable }`, the whole branch by default. `?latest=N` answers its
 * latest N messages and how many come before them, as the page reads it again after a change; with
 * `&before=<message id>`, the N above that message, as the page loads earlier ones (decision 072).
 * A character its owner deleted or made private keeps the person's chat readable, as the chat page
 * does: `unavailable: true` (issue 61); 404 only when they never chatted with it.
 */
export const loader = apiLoader({ auth: "user", query: latestQuery }, async ({ context, user, params, query }) => {
  const read = { window: query.latest ?? ("all" as const), before: query.before };
  const found = await findChat(context, user, params.characterId, read).catch(async (answer: unknown) => {
    if (!(answer instanceof Response) || answer.status !== 404 || !isId(params.characterId)) throw answer;
    const kept = await keptChat({ env: context.env, userId: user.id }, params.characterId, read);
    if (!kept) throw answer;
    return { ...kept, chatId: kept.chat.id, unavailable: true };
  });
  const part = windowPart(found, query.before);
  if (!part) throw notFound(CHAT_MESSAGES.messageNotFound);
  return { chatId: found.chatId, ...part, unavailable: "unavailable" in found };
});
