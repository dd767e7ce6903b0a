import { chatMemoryTarget } from "~/services/chat/reply.server";
import { pinChange } from "~/web/memory-routes.server";
import { onlyMethods } from "~/web/api.server";

/** PATCH `{ text }` changes a memory's words; DELETE forgets it (lib/chat/memory-routes.server.ts). */
export const action = pinChange(chatMemoryTarget);

export const loader = onlyMethods("PATCH", "DELETE");
