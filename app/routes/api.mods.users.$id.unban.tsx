import { z } from "zod";
import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { setBanned } from "~/models/moderation.server";
import { MODERATION_LIMITS } from "~/spec/moderation";
import { MODERATION_MESSAGES } from "~/spec/moderation";

/** POST `{ reason? }` (moderators): lifts a ban (everything the user had is still there), and logs it. */
export const action = apiAction(
  { methods: ["POST"], auth: "moderate", schema: z.object({ reason: z.string().trim().max(MODERATION_LIMITS.reasonMax).optional() }) },
  async ({ context, user, params, body }) => {
    if (!isId(params.id) || !(await setBanned(context.db, user, params.id, false, body.reason ?? null))) throw notFound(MODERATION_MESSAGES.userGone);
    return { banned: false };
  },
);

export const loader = onlyMethods("POST");
