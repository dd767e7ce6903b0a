import { tagListSchema } from "~/lib/forms/account";
import { apiAction } from "~/web/api.server";
import { badRequest } from "~/lib/http/http.server";
import { setExcluded } from "~/models/profile.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** PUT { tags: [names] }: replaces the user's excluded character tags or content tags; answers the list. */
export const excludedTagsAction = (kind: "tags" | "content") =>
  apiAction({ methods: ["PUT"], auth: "user", schema: tagListSchema }, async ({ context, user, body }) => {
    const tags = [...new Set(body.tags)];
    const result = await setExcluded(context.db, user.id, kind, tags);
    if (!result.ok) throw badRequest(ACCOUNT_MESSAGES.unknownTags(result.unknown));
    return { tags };
  });
