import { createDb } from "~/db/client.server";
import { refreshPoints } from "~/models/points.server";
import { rollupRecent } from "~/models/rollup.server";
import { sweepExpired } from "~/models/sweep.server";
import { refreshTrending } from "~/models/trending.server";
import { refreshSimilar } from "~/models/similar.server";

/**
 * The hourly cron trigger (wrangler.toml): the admin's daily figures (decision 022) and the sweep of
 * what has expired (decision 026), characters' points (decision 047) Trending's sums, and once a day similar characters (issue 64). Awaited, so a failure shows in the trigger's log and the next run tries again.
 */
export async function handleScheduled(env: Env, scheduledTime: number) {
  const db = createDb(env.DB);
  await rollupRecent(db, scheduledTime);
  await sweepExpired(db, scheduledTime);
  await refreshPoints(db, scheduledTime);
  await refreshTrending(db, scheduledTime);
  // Similar characters once a day, in a quiet hour (issue 64).
  if (new Date(scheduledTime).getUTCHours() === 4) await refreshSimilar(db, scheduledTime);
}
