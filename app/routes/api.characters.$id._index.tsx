import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { mutationOnlyLoader, ok, requireMethod } from "~/lib/api.server";
import { requireCharacterEditor } from "~/lib/character-access.server";
import { parseCharacterRequest } from "~/lib/character-input.server";
import { requireCsrf } from "~/lib/csrf.server";
import { requireUser } from "~/lib/permissions.server";
import { deleteCharacter, updateCharacter } from "~/models/character-write.server";

/** PUT: the owner (or a moderator) replaces the character's fields. DELETE removes it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  if (request.method === "DELETE") {
    const user = await requireUser(request, context);
    await requireCsrf(request, context);
    const { id } = await requireCharacterEditor(context, user, params.id);
    await deleteCharacter(context.db, context.env.MEDIA, id);
    return ok();
  }
  const { user, input } = await parseCharacterRequest(request, context, "PUT");
  const { id } = await requireCharacterEditor(context, user, params.id);
  await updateCharacter(context.db, id, input);
  return ok({ id });
}

export const loader = mutationOnlyLoader;
