import { storeCharacterFile, uploadBody } from "~/services/cards/character-upload.server";
import { apiAction, onlyMethods } from "~/web/api.server";

/** POST multipart `file` (and `isNsfw`): the character's new thumbnail, checked by its bytes; answers its key and URL. */
export const action = apiAction({ methods: ["POST"], auth: "user", multipart: uploadBody("thumbnail") }, ({ context, user, params, form }) =>
  storeCharacterFile(context, user, params.id, "thumbnail", form!),
);

export const loader = onlyMethods("POST");
