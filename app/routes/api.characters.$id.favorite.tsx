import { mutationOnlyLoader } from "~/lib/api.server";
import { voteAction } from "~/lib/vote-action.server";

export const action = voteAction("favorite");
export const loader = mutationOnlyLoader;
