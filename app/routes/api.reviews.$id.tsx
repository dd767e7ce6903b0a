import * as z from "zod";
import { plain } from "~/lib/safety/form-rules";
import { removeReviewAsModerator } from "~/services/reviews.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES } from "~/spec/moderation";
import { apiAction, onlyMethods } from "~/web/api.server";

const schema = z.lazy(() =>
  z.object({ reason: plain("from-moderators", z.string().trim().max(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.noteTooLong)).optional() }),
);

/** DELETE `{ reason? }` (moderators): removes a review, resolves its reports and logs it (issue 64). */
export const action = apiAction(
  { methods: ["DELETE"], auth: "moderate", schema },
  async ({ context, user, params, body }) => await removeReviewAsModerator(context, user, params.id, body.reason),
);

export const loader = onlyMethods("DELETE");
