import { isId } from "~/db/ids";
import { apiLoader } from "~/lib/http/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { jsonError, notFound } from "~/lib/http/http.server";
import { openLive } from "~/models/chat.server";
import { CHAT_MESSAGES } from "~/spec/messages";

/**
 * GET with `Upgrade: websocket`: the page's live updates of the person's chat with this character
 * (decision 039). Every open tab and device hears within a second of a message sent, a reply's text
 * as it is saved, a swipe, an edit or a delete made anywhere else.
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user, params }) => {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    const answer = jsonError(426, CHAT_MESSAGES.liveNeedsSocket, { code: "websocket_required" });
    answer.headers.set("Upgrade", "websocket");
    throw answer;
  }
  if (!isId(params.characterId)) throw notFound(CHAT_MESSAGES.characterNotFound);
  // Browsers send their page's Origin with every WebSocket: only our own pages may listen (no cross-site hijacking).
  await requireCsrf(request, context);
  return await openLive({ env: context.env, userId: user.id }, params.characterId);
});
