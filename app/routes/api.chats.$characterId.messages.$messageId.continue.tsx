import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { messages } from "~/db/schema";
import { mutationOnlyLoader, requireMethod } from "~/lib/api.server";
import { chatCharacter, generationOptions, openChat, replyJob, requireAllowance } from "~/lib/chat/chat-request.server";
import { streamReply } from "~/lib/chat/stream-reply.server";
import { requireCsrf } from "~/lib/csrf.server";
import { badRequest, notFound, parseJson } from "~/lib/http.server";

/** POST: the character goes on from where a message stops; the new text is appended to it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { user, character } = await chatCharacter(request, context, params.characterId);
  await requireCsrf(request, context);
  const body = await parseJson(request, generationOptions);
  const { chatId, all } = await openChat(context, user, character);
  const target = all.find((m) => m.id === params.messageId);
  if (!target) return notFound("That message is not in this chat.");
  if (target.role !== "character" || target.status !== "complete") return badRequest("Only a finished message from the character can be continued.");
  const spendFrom = await requireAllowance(context, user);
  await context.db.update(messages).set({ status: "streaming" }).where(eq(messages.id, target.id)).run();
  const prefix = `${target.content} `;
  const job = await replyJob(context, { user, character, chatId, all, lastId: target.id, replyId: target.id, userMessageId: null, prefix, spendFrom }, body);
  return streamReply(context, job);
}

export const loader = mutationOnlyLoader;
