import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { censor } from "~/lib/safety/words";
import type { AppLoadContext } from "react-router";
import { requestGate } from "~/services/safety/safety-gate.server";
import { failReply, interruptReply, stopReply, type ChatOwner } from "~/models/chat.server";
import { LIMITS } from "~/spec/limits";
import { CHAT_MESSAGES } from "~/spec/messages";
import { wellFormed } from "~/lib/chat/streaming-text";

/**
 * The text shown when Stop was pressed: at most a message's length (decision 026); more is cut, not
 * refused, so Stop always stops. Not screened as the person's words: stopShown passes it through the
 * gate as the model's (issue 59).
 */
export const stopSchema = z.lazy(() =>
  z.object({
    content: plain("shown-text", z.string()).transform((text) => text.slice(0, LIMITS.messageMax)),
    /** In a call: the person spoke over the reply, which keeps what was heard (issue 63). */
    interrupted: z.boolean().optional(),
  }),
);

/**
 * Stop: the reply keeps what was shown (and the message reserved for it), cut to the message limit and
 * through the safety gate like anything the model writes; the writer notices and stops. True when it
 * was still being written.
 */
export async function stopShown(
  context: Pick<AppLoadContext, "config" | "db" | "env" | "ctx">,
  owner: ChatOwner,
  replyId: string,
  content: string,
  interrupted = false,
) {
  // The page says what it showed; the text passes the gate again as it is stored, as everything stored
  // does (issue 59). Stored as finished text: an emphasis or quote left open mid-sentence is closed (issue 24).
  const [verdict] = await requestGate(context, owner.userId).check([{ field: "reply", text: wellFormed(censor(content).trim()) || "…", author: "model" }]);
  if (!verdict.ok) return await failReply(owner, replyId, { status: "failed", content: "", error: CHAT_MESSAGES.replyWithheld });
  if (await stopReply(owner, replyId, verdict.text, interrupted)) return true;
  // In a call, a reply already finished when the person spoke over it keeps the start they heard: only
  // a start of its own text, so nothing the page sends can be written into it.
  return interrupted ? await interruptReply(owner, replyId, content, verdict.text) : false;
}
