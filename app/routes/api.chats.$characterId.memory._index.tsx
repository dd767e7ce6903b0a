import { chatMemoryTarget } from "~/services/chat/reply.server";
import { memoryIndex } from "~/web/memory-routes.server";

/** What the character remembers of the chat on screen, and changes to it (lib/chat/memory-routes.server.ts). */
const routes = memoryIndex(chatMemoryTarget);
export const loader = routes.loader;
export const action = routes.action;
