import { reviewSchema } from "~/lib/forms/review";
import { rateCharacter, unrateCharacter } from "~/services/reviews.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/**
 * PUT `{ rating, text? }`: the person's rating of a public character (issue 64), one per person,
 * replaced by the next; 403 before 5 messages, for one's own or a private character. DELETE removes
 * it. Both answer the character's `{ count, average }` after.
 */
export const action = apiAction(
  { methods: ["PUT", "DELETE"], auth: "user", limit: "public", schema: { PUT: reviewSchema } },
  async ({ request, context, user, params, body }) =>
    request.method === "PUT" ? await rateCharacter(context, user, params.id, body!) : await unrateCharacter(context, user, params.id),
);

export const loader = onlyMethods("PUT", "DELETE");
