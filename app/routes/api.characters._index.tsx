import { characterInputSchema } from "~/lib/forms/character";
import { apiAction, created, onlyMethods } from "~/lib/http/api.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { createCharacter, getCharacterForEdit } from "~/models/character-write.server";

/** POST: a new character (private until published), with the create page's fields; answers the character. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: characterInputSchema }, async ({ context, user, body }) => {
  await limitPerMinute(context, "create", `user:${user.id}`);
  const id = await createCharacter(context.db, user.id, body);
  return created(await getCharacterForEdit(context.db, id));
});

export const loader = onlyMethods("POST");
