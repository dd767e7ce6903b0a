import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { createId } from "~/db/ids";
import { messages } from "~/db/schema";
import { mutationOnlyLoader } from "~/lib/http/api.server";
import { admitReply, chatModel, messageGeneration, replyJob } from "~/lib/chat/chat-request.server";
import { streamReply } from "~/lib/chat/stream-reply.server";
import { badRequest } from "~/lib/http/http.server";
import { capabilities } from "~/lib/auth/permissions.server";
import { getChatSettings } from "~/models/chat-session.server";
import { pathTo, setLeaf } from "~/models/chat-tree.server";

/**
 * POST: a new alternative for a character message (a swipe), streamed like a reply. A failed reply
 * is written again in place (Retry).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, character, body, chatId, all, target } = await messageGeneration(request, context, params);
  if (target.role !== "character") return badRequest("Only the character's messages can be regenerated.");
  if (!target.parentId) return badRequest("The greeting can't be regenerated; swipe to see the other greetings.");
  const reservation = await admitReply(context, user);
  const model = chatModel(capabilities(user, context), await getChatSettings(context.db, user.id, character.id), character);
  let replyId = target.id;
  if (target.status === "failed" || (target.status === "streaming" && pathTo([target], target.id)[0].status === "failed")) {
    await context.db.update(messages).set({ status: "streaming", content: "", error: null, model }).where(eq(messages.id, target.id)).run();
  } else {
    replyId = createId();
    await context.db.insert(messages).values({ id: replyId, chatId, parentId: target.parentId, role: "character", content: "", status: "streaming", model, createdAt: new Date() }).run();
  }
  await setLeaf(context.db, chatId, replyId);
  const job = await replyJob(context, { user, character, chatId, all, lastId: target.parentId, replyId, userMessageId: null, reservation }, body);
  return streamReply(context, job);
}

export const loader = mutationOnlyLoader;
