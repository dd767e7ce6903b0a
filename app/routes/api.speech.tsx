import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { speakMessage } from "~/services/speech/speech.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { CHAT_MESSAGES } from "~/spec/messages";

const schema = z.lazy(() => z.object({ characterId: plain("id", z.string()), messageId: plain("id", z.string().min(1, CHAT_MESSAGES.pickMessageToPlay)) }));

/** POST `{ characterId, messageId }`: `{ url }` of that message spoken, or `{ jobId }` to poll at /api/status/:id. */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "jobs", schema }, async ({ request, context, user, body }) => {
  return await speakMessage(context, user, body, new URL(request.url).origin);
});

export const loader = onlyMethods("POST");
