import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { setBanned } from "~/models/moderation.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES } from "~/spec/moderation";

/** POST `{ reason? }` (moderators): lifts a ban (everything the user had is still there), and logs it. A moderator's, only the admin. */
export const action = apiAction(
  {
    methods: ["POST"],
    auth: "moderate",
    schema: z.lazy(() => z.object({ reason: plain("from-moderators", z.string().trim().max(MODERATION_LIMITS.reasonMax).optional()) })),
  },
  async ({ context, user, can, params, body }) => {
    const done = isId(params.id)
      ? await setBanned(context.db, context.env, { ...user, administer: can.administer }, params.id, false, body.reason ?? null, context.config.adminUserId)
      : "gone";
    if (done === "gone") throw notFound(MODERATION_MESSAGES.userGone);
    if (done === "forbidden") throw forbidden(MODERATION_MESSAGES.onlyAdminBansModerators);
    return { banned: false };
  },
);

export const loader = onlyMethods("POST");
