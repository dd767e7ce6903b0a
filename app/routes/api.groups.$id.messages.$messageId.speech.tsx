import { speakGroupMessage } from "~/services/speech/speech.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST: a group member's message spoken in that member's voice: `{ url }`, or `{ jobId }` to poll at /api/status/:id. */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "jobs" }, async ({ request, context, user, params }) => {
  return await speakGroupMessage(context, user, { groupId: params.id, messageId: params.messageId }, new URL(request.url).origin);
});

export const loader = onlyMethods("POST");
