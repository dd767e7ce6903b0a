import { mutationOnlyLoader } from "~/lib/api.server";
import { uploadAction } from "~/lib/upload-action.server";

export const action = uploadAction("voice");
export const loader = mutationOnlyLoader;
