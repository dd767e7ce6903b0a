import { memoryIndex } from "~/web/memory-routes.server";
import { groupMemoryTarget } from "~/services/groups/group-message.server";

/** What a group remembers (its own memory, decision 051), and changes to it: as a chat's (lib/chat/memory-routes.server.ts). */
const routes = memoryIndex(groupMemoryTarget);
export const loader = routes.loader;
export const action = routes.action;
