import { mutationOnlyLoader } from "~/lib/http/api.server";
import { uploadAction } from "~/lib/http/upload-action.server";

export const action = uploadAction("thumbnail");
export const loader = mutationOnlyLoader;
