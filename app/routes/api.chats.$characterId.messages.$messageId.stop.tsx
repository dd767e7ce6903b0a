import { requireChat, requireMessage } from "~/services/chat/reply.server";
import { stopSchema, stopShown } from "~/services/chat/stop.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST `{ content }`: Stop. The reply keeps what was shown (lib/chat/stop.server.ts). */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: stopSchema }, async ({ context, user, params, body }) => {
  const chat = await requireChat(context, user, params.characterId, { branch: true, through: params.messageId, depth: 1 });
  const target = requireMessage(chat, params.messageId);
  return { stopped: await stopShown(context, chat.owner, target.id, body.content, body.interrupted) };
});

export const loader = onlyMethods("POST");
