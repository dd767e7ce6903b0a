import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { chatCharacter, openChat } from "~/lib/chat/chat-request.server";
import { pathTo } from "~/models/chat-tree.server";

/** GET: the chat on screen with this character (opening with the greeting the first time). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, character } = await chatCharacter(request, context, params.characterId);
  const { chatId, chat, all } = await openChat(context, user, character);
  return Response.json({ chatId, messages: pathTo(all, chat.leafMessageId) }, { headers: { "Cache-Control": "private, no-store" } });
}
