import { mutationOnlyLoader } from "~/lib/http/api.server";
import { excludedTagsAction } from "~/lib/http/excluded-tags-action.server";

/** PUT { tags: [names] }: replaces the user's excluded content tags. */
export const action = excludedTagsAction("content");
export const loader = mutationOnlyLoader;
