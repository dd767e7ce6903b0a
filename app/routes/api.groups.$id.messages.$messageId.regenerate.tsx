import { generationOptions } from "~/services/chat/reply.server";
import { regenerateInGroup } from "~/services/groups/group-reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST: a new version of a member's reply (a swipe) by the same member, streamed like a reply; a failed one is written again in place. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: generationOptions }, ({ context, user, can, params, body }) =>
  regenerateInGroup(context, { user, can }, params, body),
);

export const loader = onlyMethods("POST");
