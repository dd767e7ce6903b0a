import { excludedTagsAction } from "~/web/excluded-tags.server";
import { onlyMethods } from "~/web/api.server";

/** PUT { tags: [names] }: replaces the user's excluded content tags; answers the list. */
export const action = excludedTagsAction("content");

export const loader = onlyMethods("PUT");
