import { followCreator } from "~/services/follows.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST follows the creator, DELETE unfollows (issue 64); either twice changes nothing. `{ following, followers }`. */
export const action = apiAction(
  { methods: ["POST", "DELETE"], auth: "user", limit: "public" },
  async ({ request, context, user, params }) => await followCreator(context, user, params.userId, request.method === "POST"),
);

export const loader = onlyMethods("POST", "DELETE");
