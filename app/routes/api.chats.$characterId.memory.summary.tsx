import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { chatMemoryTarget, summarizeNow } from "~/services/chat/reply.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { memoryOut } from "~/web/memory-routes.server";

/**
 * POST: "Summarise now" (issue 62). The running summary of the branch on screen is brought up to all
 * but its newest messages; answers the memory as GET /memory does. 400 when there is nothing new to
 * fold in or the summary could not be written; 429 past the per-minute limit of replies.
 */
export const action = apiAction({ methods: ["POST"], auth: "user" }, async ({ context, user, can, params }) => {
  await limitPerMinute(context, "chat", `user:${user.id}`);
  await summarizeNow(context, { user, can }, params.characterId);
  return memoryOut(await chatMemoryTarget(context, user, params), can.memoryPins);
});

export const loader = onlyMethods("POST");
