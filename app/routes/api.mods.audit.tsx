import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { apiLoader } from "~/web/api.server";
import { auditLog } from "~/models/moderation.server";

/** GET `?before=<id>` (moderators): the moderation log, newest first, a page at a time: `{ entries, next }`. */
export const loader = apiLoader(
  { auth: "moderate", query: z.lazy(() => z.object({ before: plain("id", z.string().max(64)).optional() })) },
  async ({ context, query }) => await auditLog(context.db, query.before),
);
