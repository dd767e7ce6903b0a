import { memoryUsed } from "~/web/memory-routes.server";
import { groupMemoryTarget } from "~/services/groups/group-message.server";

/** GET: what a member's reply was written with, "What it remembered" (issue 62): as a chat's (web/memory-routes.server.ts). */
export const loader = memoryUsed(groupMemoryTarget);
