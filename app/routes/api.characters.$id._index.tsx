import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { mutationOnlyLoader, ok } from "~/lib/api.server";
import { requireCharacterEditor } from "~/lib/character-access.server";
import { parseCharacterRequest } from "~/lib/character-input.server";
import { updateCharacter } from "~/models/character-write.server";

/** PUT: the owner (or a moderator) replaces the character's fields. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, input } = await parseCharacterRequest(request, context, "PUT");
  const { id } = await requireCharacterEditor(context, user, params.id);
  await updateCharacter(context.db, id, input);
  return ok({ id });
}

export const loader = mutationOnlyLoader;
