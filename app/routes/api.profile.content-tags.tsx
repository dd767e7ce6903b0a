import { excludedTagsAction } from "~/lib/account/excluded-tags.server";
import { onlyMethods } from "~/lib/http/api.server";

/** PUT { tags: [names] }: replaces the user's excluded content tags; answers the list. */
export const action = excludedTagsAction("content");

export const loader = onlyMethods("PUT");
