import { characterInputSchema } from "~/lib/forms/character";
import { apiAction, created, onlyMethods } from "~/web/api.server";
import { createCharacter, getCharacterForEdit } from "~/models/character-write.server";

/** POST: a new character (private until published), with the create page's fields; answers the character. */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "create", schema: characterInputSchema }, async ({ context, user, body }) => {
  const id = await createCharacter(context.db, user.id, body);
  return created(await getCharacterForEdit(context.db, id));
});

export const loader = onlyMethods("POST");
