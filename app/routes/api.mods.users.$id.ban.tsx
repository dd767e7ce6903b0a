import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { setBanned } from "~/models/moderation.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES } from "~/spec/moderation";

const schema = z.lazy(() =>
  z.object({ reason: plain("from-moderators", z.string().trim().min(1, MODERATION_MESSAGES.reasonRequired).max(MODERATION_LIMITS.reasonMax)) }),
);

/**
 * POST `{ reason }` (moderators): bans the user from their next request on, and logs it. Not oneself,
 * nor the admin; a moderator only the admin may ban (decision 026).
 */
export const action = apiAction({ methods: ["POST"], auth: "moderate", schema }, async ({ context, user, can, params, body }) => {
  if (params.id === user.id || params.id === context.config.adminUserId) throw forbidden(MODERATION_MESSAGES.cannotBanSelf);
  const done = isId(params.id)
    ? await setBanned(context.db, context.env, { ...user, administer: can.administer }, params.id, true, body.reason, context.config.adminUserId)
    : "gone";
  if (done === "gone") throw notFound(MODERATION_MESSAGES.userGone);
  if (done === "forbidden") throw forbidden(MODERATION_MESSAGES.onlyAdminBansModerators);
  return { banned: true };
});

export const loader = onlyMethods("POST");
