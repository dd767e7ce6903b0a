import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { requireChat } from "~/services/chat/reply.server";
import { apiAction, apiLoader } from "~/web/api.server";
import { badRequest, notFound } from "~/lib/http/http.server";
import { recentChats } from "~/models/chat.server";
import { attachToChat, findOwnPicture } from "~/models/images.server";
import { IMAGE_MESSAGES } from "~/spec/images";

const CHOICES = 30;
const schema = z.lazy(() => z.object({ characterId: plain("id", z.string().min(1, IMAGE_MESSAGES.pickChat)) }));

/** One of the user's own pictures, or 404. */
async function ownPicture(context: AppLoadContext, userId: string, id: string | undefined) {
  const picture = isId(id) ? await findOwnPicture(context.db, userId, id) : undefined;
  if (!picture) throw notFound(IMAGE_MESSAGES.notFound);
  return picture;
}

/** GET: the chats this picture can be sent into (the characters the user chats with, latest first). */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, params }) => {
  await ownPicture(context, user.id, params.id);
  return { chats: await recentChats({ env: context.env, userId: user.id }, CHOICES) };
});

/** POST `{ characterId }`: the picture joins that chat, under the message on screen last (issue 24). */
export const action = apiAction({ methods: ["POST"], auth: "user", schema }, async ({ context, user, params, body }) => {
  const picture = await ownPicture(context, user.id, params.id);
  const chat = await requireChat(context, user, body.characterId);
  const messageId = chat.chat.leafMessageId;
  if (!messageId) throw badRequest(IMAGE_MESSAGES.chatHasNoMessage);
  await attachToChat(context.db, user.id, picture.id, { characterId: chat.character.id, messageId });
  return { characterId: chat.character.id, name: chat.character.name, href: `/characters/chat/${chat.character.id}` };
});
