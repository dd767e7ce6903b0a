import { reviewReplySchema } from "~/lib/forms/review";
import { replyToCharacterReview } from "~/services/reviews.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST `{ text }`: the creator's one reply to a review of their character (issue 64); 409 once replied. */
export const action = apiAction(
  { methods: ["POST"], auth: "user", limit: "public", schema: reviewReplySchema },
  async ({ context, user, params, body }) => await replyToCharacterReview(context, user, params.id, body.text),
);

export const loader = onlyMethods("POST");
