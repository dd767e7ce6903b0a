import { rollupRecent } from "~/models/rollup.server";
import { apiAction, apiLoader } from "~/web/api.server";
import { analytics } from "~/models/analytics.server";

/** GET (the admin only): the figures /mods/analytics shows, as JSON. */
export const loader = apiLoader({ auth: "viewAnalytics" }, async ({ context }) => await analytics(context.db));

/** POST (the admin only): rolls up today (and any missing recent day) now instead of waiting for the hourly trigger. */
export const action = apiAction({ methods: ["POST"], auth: "viewAnalytics" }, async ({ context }) => {
  await rollupRecent(context.db);
  return await analytics(context.db);
});
