import { z } from "zod";
import { requireChat } from "~/lib/chat/reply.server";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { safeText } from "~/lib/safety";
import { deletePin, editPin } from "~/models/memory.server";
import { LIMITS } from "~/spec/limits";
import { MEMORY_MESSAGES } from "~/spec/messages";

const editSchema = z.object({
  text: safeText(z.string().trim().min(1, MEMORY_MESSAGES.writeFirst).max(LIMITS.memoryPinMax, MEMORY_MESSAGES.tooLong(LIMITS.memoryPinMax))),
});

/** PATCH `{ text }` changes a memory's words; DELETE forgets it. 404 when it is not in the chat on screen. */
export const action = apiAction(
  { methods: ["PATCH", "DELETE"], auth: "user", schema: { PATCH: editSchema } },
  async ({ request, context, user, params, body }) => {
    const chat = await requireChat(context, user, params.characterId);
    const pinId = params.pinId ?? "";
    const done = request.method === "DELETE" ? await deletePin(chat.owner, chat.chatId, pinId) : await editPin(chat.owner, chat.chatId, pinId, body!.text);
    if (!done) throw notFound(MEMORY_MESSAGES.notFound);
    return { ok: true };
  },
);

export const loader = onlyMethods("PATCH", "DELETE");
