import { z } from "zod";
import { requireChat, requireMessage } from "~/lib/chat/reply.server";
import { apiAction, created, onlyMethods } from "~/lib/http/api.server";
import { badRequest, jsonError } from "~/lib/http/http.server";
import { safeText } from "~/lib/safety";
import { addPin } from "~/models/memory.server";
import { LIMITS } from "~/spec/limits";
import { MEMORY_MESSAGES } from "~/spec/messages";

/** Typed words, or a message of the chat to remember. */
const schema = z.union([
  z.object({ messageId: z.string().min(1).max(64) }),
  z.object({
    text: safeText(z.string().trim().min(1, MEMORY_MESSAGES.writeFirst).max(LIMITS.memoryPinMax, MEMORY_MESSAGES.tooLong(LIMITS.memoryPinMax))),
  }),
]);

/**
 * POST `{ text }` or `{ messageId }`: a new memory of the chat on screen (a pinned message keeps its
 * first 250 characters). 201 `{ id, pinsLeft }`; 409 when the chat keeps as many as the plan allows,
 * or the message is remembered already.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema }, async ({ context, user, can, params, body }) => {
  const chat = await requireChat(context, user, params.characterId);
  const messageId = "messageId" in body ? requireMessage(chat, body.messageId).id : undefined;
  const added = await addPin(chat.owner, chat.chatId, { text: "text" in body ? body.text : undefined, messageId }, can.memoryPins, LIMITS.memoryPinMax);
  if (added.ok) return created({ id: added.id, pinsLeft: Math.max(0, can.memoryPins - chat.memory.length - 1) });
  if (added.reason === "full") throw jsonError(409, MEMORY_MESSAGES.full(can.memoryPins), { code: "memory_full" });
  if (added.reason === "already") throw jsonError(409, MEMORY_MESSAGES.already, { code: "already_remembered" });
  throw badRequest(MEMORY_MESSAGES.notFound);
});

export const loader = onlyMethods("POST");
