import { chatMemoryTarget } from "~/services/chat/reply.server";
import { pinCreate } from "~/web/memory-routes.server";
import { onlyMethods } from "~/web/api.server";

/** POST `{ text }` or `{ messageId }`: a new memory of the chat on screen (lib/chat/memory-routes.server.ts). */
export const action = pinCreate(chatMemoryTarget);

export const loader = onlyMethods("POST");
