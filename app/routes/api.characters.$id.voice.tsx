import { storeCharacterFile, uploadBody } from "~/services/cards/character-upload.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST multipart `file`: the character's new voice, checked by its bytes; answers its key and URL. */
export const action = apiAction({ methods: ["POST"], auth: "user", multipart: uploadBody("voice") }, ({ context, user, params, form }) =>
  storeCharacterFile(context, user, params.id, "voice", form!),
);

export const loader = onlyMethods("POST");
