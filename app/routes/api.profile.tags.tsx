import { tagListSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { badRequest } from "~/lib/http/http.server";
import { setExcluded } from "~/models/profile.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** PUT { tags: [names] }: replaces the user's excluded character tags; answers the list. */
export const action = apiAction({ methods: ["PUT"], auth: "user", schema: tagListSchema }, async ({ context, user, body }) => {
  const tags = [...new Set(body.tags)];
  const result = await setExcluded(context.db, user.id, "tags", tags);
  if (!result.ok) throw badRequest(ACCOUNT_MESSAGES.unknownTags(result.unknown));
  return { tags };
});

export const loader = onlyMethods("PUT");
