import { mutationOnlyLoader } from "~/lib/api.server";
import { uploadAction } from "~/lib/upload-action.server";

export const action = uploadAction("thumbnail");
export const loader = mutationOnlyLoader;
