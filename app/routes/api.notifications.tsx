import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { listNotifications, markNotificationsRead } from "~/models/notifications.server";
import { apiAction, apiLoader } from "~/web/api.server";

const query = z.lazy(() =>
  z.object({
    before: plain("token", z.string().regex(/^\d{1,15}:[0-9a-z]{8,32}$/))
      .transform((v) => ({ at: Number(v.split(":")[0]), id: v.split(":")[1] }))
      .optional()
      .catch(undefined),
  }),
);

const schema = z.lazy(() =>
  z.union(
    [
      z.object({ all: z.literal(true) }),
      z.object({
        ids: z
          .array(plain("id", z.string().max(32)))
          .min(1)
          .max(100),
      }),
    ],
    {
      error: "Say which notifications to mark as read.",
    },
  ),
);

/** GET `?before=`: the person's notifications, newest first, 20 a page, and their unread count (issue 64). */
export const loader = apiLoader(
  { auth: "user", query },
  async ({ context, user, query }) => await listNotifications(context.db, user.id, query.before ?? null),
);

/** POST `{ all: true }` or `{ ids }`: marks them read; `{ unread }` after. */
export const action = apiAction(
  { methods: ["POST"], auth: "user", schema },
  async ({ context, user, body }) => await markNotificationsRead(context.db, user.id, "all" in body ? "all" : body.ids),
);
