import * as z from "zod";
import { characterReviews } from "~/services/reviews.server";
import { refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { apiLoader } from "~/web/api.server";

const query = z.lazy(() => z.object({ page: z.coerce.number().int().min(1).max(1000).catch(1).default(1) }));

/** GET `?page=`: a page of the character's reviews, newest first, with its rating and the viewer's own review (issue 64). */
export const loader = apiLoader({ auth: "public", query }, async ({ request, context, user, params, query }) => {
  refuseDeclinedGuest(request, user);
  return await characterReviews(context, user, params.id, query.page);
});
