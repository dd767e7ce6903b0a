import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { jsonMutation, mutationOnlyLoader, ok } from "~/lib/http/api.server";
import { requireCharacterEditor } from "~/lib/auth/character-access.server";
import { setPublished } from "~/models/character-write.server";

/** PUT { isPublic }: publish (sets the release date the first time) or unpublish. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, body } = await jsonMutation(request, context, ["PUT"], z.object({ isPublic: z.boolean() }));
  const { id } = await requireCharacterEditor(context, user, params.id);
  await setPublished(context.db, id, body.isPublic);
  return ok({ id, isPublic: body.isPublic });
}

export const loader = mutationOnlyLoader;
