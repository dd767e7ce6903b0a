import { mutationOnlyLoader } from "~/lib/http/api.server";
import { voteAction } from "~/lib/http/vote-action.server";

export const action = voteAction("upvote");
export const loader = mutationOnlyLoader;
