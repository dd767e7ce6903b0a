import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { mutationOnlyLoader } from "~/lib/http/api.server";
import { parseCharacterRequest } from "~/lib/http/character-input.server";
import { createCharacter } from "~/models/character-write.server";

/** POST: a new character (private until published). Same fields as the create page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, input } = await parseCharacterRequest(request, context, "POST");
  const id = await createCharacter(context.db, user.id, input);
  return Response.json({ success: true, id }, { status: 201 });
}

export const loader = mutationOnlyLoader;
