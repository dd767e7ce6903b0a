import { pinCreate } from "~/web/memory-routes.server";
import { groupMemoryTarget } from "~/services/groups/group-message.server";
import { onlyMethods } from "~/web/api.server";

/** POST `{ text }` or `{ messageId }`: a new memory of the group (lib/chat/memory-routes.server.ts). */
export const action = pinCreate(groupMemoryTarget);

export const loader = onlyMethods("POST");
