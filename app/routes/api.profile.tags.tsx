import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonMutation, ok, mutationOnlyLoader } from "~/lib/api.server";
import { tagListSchema } from "~/lib/account-schemas";
import { badRequest } from "~/lib/http.server";
import { setExcludedTags } from "~/models/profile.server";

/** PUT { tags: [names] }: replaces the user's excluded character tags. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, body } = await jsonMutation(request, context, ["PUT"], tagListSchema);
  const result = await setExcludedTags(context.db, user.id, [...new Set(body.tags)]);
  if (!result.ok) return badRequest(`Unknown tag: ${result.unknown.join(", ")}`);
  return ok();
}

export const loader = mutationOnlyLoader;
