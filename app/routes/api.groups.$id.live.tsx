import { isId } from "~/db/ids";
import { apiLoader } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { openLiveUpdates, requireSocket } from "~/services/chat/live.server";
import { getGroup } from "~/models/groups.server";
import { groupChatKey } from "~/user-store/groups";
import { GROUP_MESSAGES } from "~/spec/groups";

/** GET with `Upgrade: websocket`: the page's live updates of one of the person's groups, as a chat's (decision 039). */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user, params }) => {
  requireSocket(request);
  if (!isId(params.id) || !(await getGroup({ env: context.env, userId: user.id }, params.id))) throw notFound(GROUP_MESSAGES.notFound);
  return await openLiveUpdates(request, context, user.id, groupChatKey(params.id));
});
