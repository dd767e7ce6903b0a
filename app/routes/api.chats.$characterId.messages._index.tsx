import { getSession } from "~/services/auth/session.server";
import { sendRowsOf } from "~/services/auth/session-rides.server";
import { sendMessage, sendSchema } from "~/services/chat/reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/**
 * POST `{ content, parentId?, responseLength? }`: stores the person's message, then streams the
 * character's reply as server-sent events (lib/chat/events.ts).
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: sendSchema }, async ({ request, context, user, can, params, body }) => {
  // The character, personas and profile came with the session (one D1 round trip; decision 073), which is memoised for the request.
  const read = sendRowsOf((await getSession(request, context))?.ride, params.characterId);
  return await sendMessage(context, { user, can }, params.characterId, body, read);
});

export const loader = onlyMethods("POST");
