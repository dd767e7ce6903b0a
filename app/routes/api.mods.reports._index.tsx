import * as z from "zod";
import { apiLoader } from "~/web/api.server";
import { reportQueue } from "~/models/moderation.server";

/** GET `?status=open` (moderators): the open reports grouped per object, worst first, each with a preview. */
export const loader = apiLoader({ auth: "moderate", query: z.lazy(() => z.object({ status: z.literal("open").default("open") })) }, async ({ context }) => ({
  reports: await reportQueue(context.db),
}));
