import { isId } from "~/db/ids";
import { apiLoader } from "~/lib/http/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { jsonError, notFound } from "~/lib/http/http.server";
import { openLive } from "~/models/chat.server";
import { getGroup } from "~/models/groups.server";
import { groupChatKey } from "~/user-store/groups";
import { GROUP_MESSAGES } from "~/spec/groups";
import { CHAT_MESSAGES } from "~/spec/messages";

/** GET with `Upgrade: websocket`: the page's live updates of one of the person's groups, as a chat's (decision 039). */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user, params }) => {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    const answer = jsonError(426, CHAT_MESSAGES.liveNeedsSocket, { code: "websocket_required" });
    answer.headers.set("Upgrade", "websocket");
    throw answer;
  }
  const owner = { env: context.env, userId: user.id };
  if (!isId(params.id) || !(await getGroup(owner, params.id))) throw notFound(GROUP_MESSAGES.notFound);
  await requireCsrf(request, context);
  return await openLive(owner, groupChatKey(params.id));
});
