import { generationOptions } from "~/services/chat/reply.server";
import { continueInGroup } from "~/services/groups/group-reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST: a member goes on from where their message stops; the new text is appended to it, as in a chat. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: generationOptions }, ({ context, user, can, params, body }) =>
  continueInGroup(context, { user, can }, params, body),
);

export const loader = onlyMethods("POST");
