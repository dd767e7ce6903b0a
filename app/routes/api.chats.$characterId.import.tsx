import { importChatFile } from "~/web/chat-files.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/**
 * POST a SillyTavern `.jsonl` chat (the file as the body, or a multipart `file`): it becomes the chat
 * on screen with the character; the chat before stays as a saved chat (decision 046).
 * 201 `{ chatId, messages, versioned, mostVersions, sameVersions }` (messages counted by line, a message's versions as one); 400 naming the line that is wrong; 413 past the size cap.
 */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "create" }, ({ request, context, user, params }) =>
  importChatFile(context, user, params.characterId, request),
);

export const loader = onlyMethods("POST");
