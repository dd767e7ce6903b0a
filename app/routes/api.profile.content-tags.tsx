import { mutationOnlyLoader } from "~/lib/api.server";
import { excludedTagsAction } from "~/lib/excluded-tags-action.server";

/** PUT { tags: [names] }: replaces the user's excluded content tags. */
export const action = excludedTagsAction("content");
export const loader = mutationOnlyLoader;
