import { chatMemoryTarget } from "~/services/chat/reply.server";
import { memoryUsed } from "~/web/memory-routes.server";

/** GET: what a reply was written with, "What it remembered" (issue 62; web/memory-routes.server.ts). */
export const loader = memoryUsed(chatMemoryTarget);
