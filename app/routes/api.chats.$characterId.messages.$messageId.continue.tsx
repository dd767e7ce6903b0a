import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { messages } from "~/db/schema";
import { mutationOnlyLoader } from "~/lib/http/api.server";
import { admitReply, messageGeneration, replyJob } from "~/lib/chat/chat-request.server";
import { streamReply } from "~/lib/chat/stream-reply.server";
import { badRequest } from "~/lib/http/http.server";

/** POST: the character goes on from where a message stops; the new text is appended to it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, character, body, chatId, all, target } = await messageGeneration(request, context, params);
  if (target.role !== "character" || target.status !== "complete") return badRequest("Only a finished message from the character can be continued.");
  const reservation = await admitReply(context, user);
  await context.db.update(messages).set({ status: "streaming" }).where(eq(messages.id, target.id)).run();
  const prefix = `${target.content} `;
  const job = await replyJob(context, { user, character, chatId, all, lastId: target.id, replyId: target.id, userMessageId: null, prefix, reservation }, body);
  return streamReply(context, job);
}

export const loader = mutationOnlyLoader;
