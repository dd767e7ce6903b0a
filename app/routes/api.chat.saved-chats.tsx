import { requireChatCharacter } from "~/services/chat/reply.server";
import { createSavedChat, deleteSavedChat, SAVED_CHAT_SCHEMAS, updateSavedChat, type SavedChatBody } from "~/services/chat/saved-chats.server";
import { apiAction, apiLoader } from "~/web/api.server";
import { listChats } from "~/models/chat.server";

const { query, POST, PUT, DELETE } = SAVED_CHAT_SCHEMAS;

/** GET `?characterId=`: this GOLD user's saved chats with the character, newest first. */
export const loader = apiLoader({ auth: "savedChats", query }, async ({ context, user, query }) => {
  const { character } = await requireChatCharacter(context, user, query.characterId);
  return { chats: await listChats({ env: context.env, userId: user.id }, character.id) };
});

/** POST creates (copying the chat on screen unless told not to), PUT selects or renames, DELETE deletes. */
export const action = apiAction(
  { methods: ["POST", "PUT", "DELETE"], auth: "savedChats", schema: { POST, PUT, DELETE } },
  async ({ request, context, user, body }) => {
    if (request.method === "POST") return await createSavedChat(context, user, body as SavedChatBody<"POST">);
    if (request.method === "PUT") return await updateSavedChat(context, user, body as SavedChatBody<"PUT">);
    return await deleteSavedChat(context, user, body as SavedChatBody<"DELETE">);
  },
);
