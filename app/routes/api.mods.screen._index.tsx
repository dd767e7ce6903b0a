import { apiLoader } from "~/web/api.server";
import { openScreenEvents, repeatedAttempts } from "~/models/screen-events.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET (moderators): the safety gate's open items (issue 59), newest first: what the classifier refused,
 * what was withheld from a reply, what is held for review; and the accounts it stopped several times
 * in the last day.
 */
export const loader = apiLoader({ auth: "moderate" }, async ({ context }) => ({
  items: await openScreenEvents(context.db),
  repeated: await repeatedAttempts(context.db, Date.now() - DAY_MS),
}));
