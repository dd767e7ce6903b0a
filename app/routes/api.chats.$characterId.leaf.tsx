import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { mutationOnlyLoader, ok, requireMethod } from "~/lib/http/api.server";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { notFound, parseJson } from "~/lib/http/http.server";
import { deepestFrom, pathTo, setLeaf } from "~/models/chat-tree.server";

/** PUT `{ messageId }`: show the branch through that message (a swipe, or another version of an edit). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const { user, character } = await chatCharacter(request, context, params.characterId);
  await requireCsrf(request, context);
  const { messageId } = await parseJson(request, z.object({ messageId: z.string().min(1, "Pick a message.") }));
  const { chatId, all } = await openChat(context, user, character);
  if (!all.some((m) => m.id === messageId)) return notFound("That message is not in this chat.");
  const leaf = deepestFrom(all, messageId);
  await setLeaf(context.db, chatId, leaf);
  return ok({ messages: pathTo(all, leaf) });
}

export const loader = mutationOnlyLoader;
