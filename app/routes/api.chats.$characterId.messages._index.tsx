import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { createId } from "~/db/ids";
import { eq } from "drizzle-orm";
import { messages, savedChats } from "~/db/schema";
import { mutationOnlyLoader, requireMethod } from "~/lib/http/api.server";
import { admitReply, chatModel, generationOptions, replyJob } from "~/lib/chat/chat-request.server";
import { loadSendContext } from "~/lib/chat/send-context.server";
import { streamReply } from "~/lib/chat/stream-reply.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { capabilities, requireUser } from "~/lib/auth/permissions.server";
import { badRequest, parseJson } from "~/lib/http/http.server";
import { findUnsafe } from "~/lib/safety";

export const MESSAGE_MAX = 4000;

const sendSchema = generationOptions.extend({
  content: z.string().trim().min(1, "Write a message first.").max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX} characters.`),
  /** The message this one answers (an earlier one starts a new branch); the chat's last message by default. */
  parentId: z.string().nullable().optional(),
});

/**
 * POST `{ content, parentId?, responseLength? }`: stores the user's message, then streams the
 * character's reply as server-sent events (see streamReply).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireUser(request, context);

  await requireCsrf(request, context);
  const body = await parseJson(request, sendSchema);
  const unsafe = findUnsafe(body.content);
  if (unsafe) return badRequest(`Your message was not sent: "${unsafe}" is not allowed. Characters and people in chats are adults, and our rules forbid this content (see /rules).`);
  const { user, character, chat, chatId, all, settings, personas } = await loadSendContext(request, context, params.characterId);
  const parentId = body.parentId === undefined ? chat.leafMessageId : body.parentId;
  if (parentId && !all.some((m) => m.id === parentId)) return badRequest("That message is not in this chat any more. Reload the page.");
  const reservation = await admitReply(context, user);
  const model = chatModel(capabilities(user, context), settings, character);
  const now = Date.now();
  const userMessage = { id: createId(), chatId, parentId: parentId ?? null, role: "user" as const, content: body.content, status: "complete" as const, createdAt: new Date(now) };
  const reply = { id: createId(), chatId, parentId: userMessage.id, role: "character" as const, content: "", status: "streaming" as const, model, createdAt: new Date(now + 1) };
  // The reply is on screen from the start: a reload while it streams shows it.
  const stored = context.db.batch([
    context.db.insert(messages).values(userMessage),
    context.db.insert(messages).values(reply),
    context.db.update(savedChats).set({ leafMessageId: reply.id, updatedAt: new Date() }).where(eq(savedChats.id, chatId)),
  ]);
  const job = await replyJob(
    context,
    { user, character, chatId, all: [...all, { ...userMessage, error: null, model: null }], lastId: userMessage.id, replyId: reply.id, userMessageId: userMessage.id, reservation },
    body,
    { settings, personas },
  );
  return streamReply(context, { ...job, stored });
}

export const loader = mutationOnlyLoader;
