import { isId } from "~/db/ids";
import { requireCharacterEditor } from "~/lib/auth/character-access.server";
import { refuseDeclinedGuest } from "~/lib/auth/permissions.server";
import { characterInputSchema } from "~/lib/forms/character";
import { apiAction, apiLoader } from "~/lib/http/api.server";
import { notFound } from "~/lib/http/http.server";
import { getCharacterDetails } from "~/models/character-details.server";
import { deleteCharacter, getCharacterForEdit, updateCharacter } from "~/models/character-write.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";

/** GET: the character's details (the details panel's Overview), with the visibility rules applied. */
export const loader = apiLoader({ auth: "public" }, async ({ request, context, user, params }) => {
  refuseDeclinedGuest(request, user);
  const details = isId(params.id) ? await getCharacterDetails(context.db, params.id, user) : null;
  if (!details) throw notFound(CHARACTER_MESSAGES.notFound);
  return details;
});

/** PUT: the owner (or a moderator) replaces the character's fields and gets it back. DELETE removes it. */
export const action = apiAction(
  { methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: characterInputSchema } },
  async ({ request, context, user, params, body }) => {
    const { id } = await requireCharacterEditor(context.db, user, params.id);
    if (request.method === "DELETE") {
      await deleteCharacter(context.db, context.env.MEDIA, id);
      return { id, deleted: true };
    }
    await updateCharacter(context.db, id, body!);
    return await getCharacterForEdit(context.db, id);
  },
);
