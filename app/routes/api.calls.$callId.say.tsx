import { say, saySchema } from "~/services/calls/call.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST `{ text, speakerId? }`: one sentence of the reply spoken in the call's voice; the audio itself. */
export const action = apiAction(
  { methods: ["POST"], auth: "user", schema: saySchema },
  async ({ request, context, user, params, body }) => await say(context, user, params.callId, body, new URL(request.url).origin),
);

export const loader = onlyMethods("POST");
