import { clientLogAction } from "~/web/client-log.server";
import { onlyMethods } from "~/web/api.server";

/** POST: the client log beacon (web/client-log.server.ts). */
export const action = clientLogAction;
export const loader = onlyMethods("POST");
