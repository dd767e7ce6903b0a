import { apiLoader } from "~/web/api.server";
import { listConnections } from "~/models/patreon.server";

/** GET: the user's connected Patreon emails. */
export const loader = apiLoader({ auth: "user" }, ({ context, user }) => listConnections(context.db, user.id));
