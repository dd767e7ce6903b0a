import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { createId } from "~/db/ids";
import { messages } from "~/db/schema";
import { mutationOnlyLoader, ok, requireMethod } from "~/lib/http/api.server";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { badRequest, notFound, parseJson } from "~/lib/http/http.server";
import { findUnsafe } from "~/lib/safety";
import { chatMessages, deleteBranch, pathTo, setLeaf } from "~/models/chat-tree.server";
import { MESSAGE_MAX } from "./api.chats.$characterId.messages._index";

/**
 * PUT `{ content }`: an edited version of a character message, as a new alternative beside it (the
 * original stays one swipe away). Your own messages are edited by sending the new text with the
 * original's parentId, which starts a new branch with a reply. DELETE removes a message and the
 * branch under it.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  const { user, character } = await chatCharacter(request, context, params.characterId);
  await requireCsrf(request, context);
  const { chatId, all } = await openChat(context, user, character);
  const target = all.find((m) => m.id === params.messageId);
  if (!target) return notFound("That message is not in this chat.");
  if (request.method === "DELETE") {
    if (!target.parentId && target.role === "character" && all.filter((m) => !m.parentId).length === 1) return badRequest("The greeting can't be deleted.");
    const leaf = await deleteBranch(context.db, chatId, all, target.id);
    return ok({ messages: pathTo(await chatMessages(context.db, chatId), leaf) });
  }
  const { content } = await parseJson(request, z.object({ content: z.string().trim().min(1, "A message can't be empty.").max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX} characters.`) }));
  if (target.role !== "character") return badRequest("Edit your own message by sending the new text with the original's parentId.");
  const unsafe = findUnsafe(content);
  if (unsafe) return badRequest(`"${unsafe}" is not allowed (see /rules).`);
  const id = createId();
  await context.db.insert(messages).values({ id, chatId, parentId: target.parentId, role: "character", content, status: "complete", model: target.model, createdAt: new Date() }).run();
  await setLeaf(context.db, chatId, id);
  return ok({ id, messages: pathTo(await chatMessages(context.db, chatId), id) });
}

export const loader = mutationOnlyLoader;
