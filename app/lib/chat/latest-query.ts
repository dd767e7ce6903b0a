import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { LATEST_MAX } from "./latest-max";
import "~/lib/zod-config";

const LATEST_HINT = `a number of messages from 1 to ${LATEST_MAX}, or all.`;

/**
 * `?latest=N|all`: how many of a conversation's latest messages a GET answers; `&before=<message id>`:
 * the ones above that message of the branch on screen instead (decision 072).
 */
export const latestQuery = z.lazy(() =>
  z.object({
    latest: z
      .union([z.literal("all"), z.coerce.number({ message: LATEST_HINT }).int(LATEST_HINT).min(1, LATEST_HINT).max(LATEST_MAX, LATEST_HINT)], {
        message: LATEST_HINT,
      })
      .optional(),
    before: plain("id", z.string().min(1).max(64, "before is a message id.")).optional(),
  }),
);
