import { isId } from "~/db/ids";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { openLiveUpdates, requireSocket } from "~/services/chat/live.server";
import { CHAT_MESSAGES } from "~/spec/messages";

/**
 * GET with `Upgrade: websocket`: the page's live updates of the person's chat with this character
 * (decision 039). Every open tab and device hears within a second of a message sent, a reply's text
 * as it is saved, a swipe, an edit or a delete made anywhere else, until its session ends (issue 58).
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user, params }) => {
  requireSocket(request);
  if (!isId(params.characterId)) throw notFound(CHAT_MESSAGES.characterNotFound);
  return await openLiveUpdates(request, context, user.id, params.characterId);
});
