import { groupSendSchema, sendToGroup } from "~/services/groups/group-reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/**
 * POST `{ content?, speakerId?, responseLength? }`: the person's message (if any) and one member's
 * reply, streamed as server-sent events like a chat's. No `content` lets a character speak on their
 * own; `speakerId` picks who answers (required in manual mode).
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: groupSendSchema }, ({ context, user, can, params, body }) =>
  sendToGroup(context, { user, can }, params.id, body),
);

export const loader = onlyMethods("POST");
