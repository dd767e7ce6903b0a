import { clientLogAction } from "~/lib/http/client-log.server";
import { onlyMethods } from "~/lib/http/api.server";

/** POST: the client log beacon (lib/http/client-log.server.ts). */
export const action = clientLogAction;
export const loader = onlyMethods("POST");
