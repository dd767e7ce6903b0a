import { generationOptions, regenerateMessage } from "~/services/chat/reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST: a new version of a character message (a swipe), streamed like a reply; a failed reply is written again in place (Retry). */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: generationOptions }, ({ context, user, can, params, body }) =>
  regenerateMessage(context, { user, can }, params, body),
);

export const loader = onlyMethods("POST");
