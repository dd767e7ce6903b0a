import { requireChat } from "~/lib/chat/reply.server";
import { apiAction, apiLoader } from "~/lib/http/api.server";
import { clearMemory } from "~/models/memory.server";

/** What the character remembers of a chat, and how much room is left (issue 25). */
const memoryOf = (chat: { memory: { id: string; text: string; messageId: string | null }[] }, limit: number) => ({
  pins: chat.memory,
  pinLimit: limit,
  pinsLeft: Math.max(0, limit - chat.memory.length),
});

/** GET: the memories of the chat on screen with the character, `{ pins: [{ id, text, messageId }], pinLimit, pinsLeft }`. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user, can, params }) => {
  const chat = await requireChat(context, user, params.characterId);
  return memoryOf(chat, can.memoryPins);
});

/** DELETE: forgets every memory of the chat on screen; its messages stay. */
export const action = apiAction({ methods: ["DELETE"], auth: "user" }, async ({ context, user, can, params }) => {
  const chat = await requireChat(context, user, params.characterId);
  await clearMemory(chat.owner, chat.chatId);
  return memoryOf({ memory: [] }, can.memoryPins);
});
