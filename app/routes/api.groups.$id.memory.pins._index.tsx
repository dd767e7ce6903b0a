import { pinCreate } from "~/lib/chat/memory-routes.server";
import { groupMemoryTarget } from "~/lib/groups/group-message.server";
import { onlyMethods } from "~/web/api.server";

/** POST `{ text }` or `{ messageId }`: a new memory of the group (lib/chat/memory-routes.server.ts). */
export const action = pinCreate(groupMemoryTarget);

export const loader = onlyMethods("POST");
