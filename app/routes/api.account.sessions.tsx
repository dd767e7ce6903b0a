import { endOtherSessions, otherSessionCount } from "~/services/auth/session.server";
import { apiAction, apiLoader } from "~/web/api.server";

/** GET: how many other browsers and devices the user is signed in on, `{ others }`. */
export const loader = apiLoader({ auth: "user" }, async ({ request, context }) => ({ others: await otherSessionCount(context, request) }));

/** DELETE: signs the user out everywhere but here (decision 026); answers how many sessions ended, `{ ended }`. */
export const action = apiAction({ methods: ["DELETE"], auth: "user" }, async ({ request, context }) => ({ ended: await endOtherSessions(context, request) }));
