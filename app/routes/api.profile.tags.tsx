import { mutationOnlyLoader } from "~/lib/http/api.server";
import { excludedTagsAction } from "~/lib/http/excluded-tags-action.server";

/** PUT { tags: [names] }: replaces the user's excluded character tags. */
export const action = excludedTagsAction("tags");
export const loader = mutationOnlyLoader;
