import { endCall } from "~/services/calls/call.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** DELETE: ends the call (its time charged up to now); `{ secondsLeft, resetAt }`. Ending it again changes nothing. */
export const action = apiAction({ methods: ["DELETE"], auth: "user" }, async ({ context, user, params }) => await endCall(context, user, params.callId));

export const loader = onlyMethods("DELETE");
