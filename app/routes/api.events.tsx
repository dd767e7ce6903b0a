import * as z from "zod";
import { recordActivity } from "~/models/activity-events.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { UPGRADE_PLACES } from "~/lib/upgrade-places";

/**
 * POST `{ kind: "upgrade_click", from }`: the analytics event of an Upgrade button (spec section 7),
 * sent as a beacon, counted in the admin's daily figures through the EVENTS queue. It changes nothing
 * a visitor owns, so it takes no CSRF token (beacons cannot carry one); a per-address budget stops
 * anyone inflating it. 204.
 */
export const action = apiAction(
  {
    methods: ["POST"],
    auth: "public",
    limit: { name: "public", perAddress: "events" },
    csrf: false,
    schema: z.lazy(() => z.object({ kind: z.literal("upgrade_click"), from: z.enum(UPGRADE_PLACES) })),
  },
  async ({ context, user }) => {
    recordActivity(context, [{ kind: "upgrade", userId: user?.id }]);
    return new Response(null, { status: 204 });
  },
);

export const loader = onlyMethods("POST");
