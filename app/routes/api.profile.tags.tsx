import { excludedTagsAction } from "~/web/excluded-tags.server";
import { onlyMethods } from "~/web/api.server";

/** PUT { tags: [names] }: replaces the user's excluded character tags; answers the list. */
export const action = excludedTagsAction("tags");

export const loader = onlyMethods("PUT");
