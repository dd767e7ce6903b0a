import { z } from "zod";
import { requireChat, requireMessage } from "~/lib/chat/reply.server";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { censor, findMinorReference } from "~/lib/safety";
import { failReply, stopReply } from "~/models/chat.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";
import { wellFormed } from "~/lib/chat/streaming-text";

/** The text shown when Stop was pressed: at most a message's length (decision 026); more is cut, not refused, so Stop always stops. */
const schema = z.object({ content: z.string().transform((text) => text.slice(0, LIMITS.messageMax)) });

/**
 * POST `{ content }`: Stop. The reply keeps what was shown (and the message reserved for it), cut to
 * the message limit and through the safety module like anything the model writes; the writer
 * notices and stops.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", schema }, async ({ context, user, params, body }) => {
  const chat = await requireChat(context, user, params.characterId);
  const target = requireMessage(chat, params.messageId);
  if (findMinorReference(body.content))
    return { stopped: await failReply(chat.owner, target.id, { status: "failed", content: "", error: CHAT_MESSAGES.replyWithheld }) };
  // Stored as finished text: an emphasis or quote left open mid-sentence is closed (issue 24).
  return { stopped: await stopReply(chat.owner, target.id, wellFormed(censor(body.content).trim()) || "…") };
});

export const loader = onlyMethods("POST");
