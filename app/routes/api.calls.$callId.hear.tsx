import { callUploadBody, hear } from "~/services/calls/call.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST multipart `audio` (one turn, a WAV of at most 30 s): `{ text, secondsLeft, resetAt }`, what was heard. */
export const action = apiAction(
  { methods: ["POST"], auth: "user", multipart: callUploadBody },
  async ({ context, user, params, form }) => await hear(context, user, params.callId, form!),
);

export const loader = onlyMethods("POST");
