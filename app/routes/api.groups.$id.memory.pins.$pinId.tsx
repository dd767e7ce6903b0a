import { pinChange } from "~/web/memory-routes.server";
import { groupMemoryTarget } from "~/services/groups/group-message.server";
import { onlyMethods } from "~/web/api.server";

/** PATCH `{ text }` changes a group's memory; DELETE forgets it (lib/chat/memory-routes.server.ts). */
export const action = pinChange(groupMemoryTarget);

export const loader = onlyMethods("PATCH", "DELETE");
