import type { AppLoadContext } from "react-router";
import { writeReplyInStore, type ChatOwner } from "~/models/chat.server";
import type { ReplyJob } from "./write-reply.server";

/**
 * Streams a reply as `text/event-stream`: `start` (the ids), `token` events as text arrives, then
 * `done` or `error`. The reply is written in the person's own object (decision 040), which stores it
 * even if the browser goes away; this request only carries the object's stream to the page.
 */
export async function streamReply(context: Pick<AppLoadContext, "config" | "sessionId">, owner: ChatOwner, job: Omit<ReplyJob, "userId">): Promise<Response> {
  return replyResponse(await writeReplyInStore(owner, { ...job, userId: owner.userId }, context.config.text, context.sessionId));
}

/** The page's answer for a reply's stream of events from the object. */
export function replyResponse(body: ReadableStream<Uint8Array>) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
