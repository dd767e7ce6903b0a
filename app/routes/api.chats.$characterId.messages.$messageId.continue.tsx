import { continueMessage, generationOptions } from "~/services/chat/reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST: the character goes on from where a message stops; the new text is appended to it. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: generationOptions }, ({ context, user, can, params, body }) =>
  continueMessage(context, { user, can }, params, body),
);

export const loader = onlyMethods("POST");
