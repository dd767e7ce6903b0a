import { stopSchema, stopShown } from "~/services/chat/stop.server";
import { requireGroupMessage } from "~/services/groups/group-message.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST `{ content }`: Stop a group's reply; it keeps what was shown, as in a chat (lib/chat/stop.server.ts). */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: stopSchema }, async ({ context, user, params, body }) => {
  const { owner, target } = await requireGroupMessage(context, user, params.id, params.messageId);
  return { stopped: await stopShown(context, owner, target.id, body.content, body.interrupted) };
});

export const loader = onlyMethods("POST");
