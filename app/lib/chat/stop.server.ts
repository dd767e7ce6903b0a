import * as z from "zod";
import { censor, findMinorReference } from "~/lib/safety";
import { failReply, stopReply, type ChatOwner } from "~/models/chat.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";
import { wellFormed } from "./streaming-text";

/** The text shown when Stop was pressed: at most a message's length (decision 026); more is cut, not refused, so Stop always stops. */
export const stopSchema = z.lazy(() => z.object({ content: z.string().transform((text) => text.slice(0, LIMITS.messageMax)) }));

/**
 * Stop: the reply keeps what was shown (and the message reserved for it), cut to the message limit and
 * through the safety module like anything the model writes; the writer notices and stops. True when
 * it was still being written.
 */
export async function stopShown(owner: ChatOwner, replyId: string, content: string) {
  if (findMinorReference(content)) return await failReply(owner, replyId, { status: "failed", content: "", error: CHAT_MESSAGES.replyWithheld });
  // Stored as finished text: an emphasis or quote left open mid-sentence is closed (issue 24).
  return await stopReply(owner, replyId, wellFormed(censor(content).trim()) || "…");
}
