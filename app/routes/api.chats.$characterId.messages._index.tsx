import { sendMessage, sendSchema } from "~/lib/chat/reply.server";
import { apiAction, onlyMethods } from "~/lib/http/api.server";

/**
 * POST `{ content, parentId?, responseLength? }`: stores the person's message, then streams the
 * character's reply as server-sent events (lib/chat/events.ts).
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: sendSchema }, ({ context, user, can, params, body }) =>
  sendMessage(context, { user, can }, params.characterId, body),
);

export const loader = onlyMethods("POST");
