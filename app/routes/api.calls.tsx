import { startCall, startCallSchema } from "~/services/calls/call.server";
import { apiAction, created, onlyMethods } from "~/web/api.server";

/** POST `{ characterId }` or `{ groupId }`: opens a voice call (issue 63); 201 `{ callId, secondsLeft, resetAt, hearing, speaking, dialogueOnly }`, 429 when no call minutes are left. */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "call", schema: startCallSchema }, async ({ context, user, body }) =>
  created(await startCall(context, user, body)),
);

export const loader = onlyMethods("POST");
