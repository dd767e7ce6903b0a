import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { setExcluded } from "~/models/profile.server";
import { tagListSchema } from "~/lib/forms/account";
import { jsonMutation, ok } from "~/lib/http/api.server";
import { badRequest } from "~/lib/http/http.server";

/** PUT { tags: [names] } for /api/profile/tags and /api/profile/content-tags. */
export function excludedTagsAction(kind: "tags" | "content") {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { user, body } = await jsonMutation(request, context, ["PUT"], tagListSchema);
    const result = await setExcluded(context.db, user.id, kind, [...new Set(body.tags)]);
    if (!result.ok) return badRequest(`Unknown tag: ${result.unknown.join(", ")}`);
    return ok();
  };
}
