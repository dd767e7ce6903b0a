import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { notFound } from "~/lib/http/http.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { getCharacterDetails } from "~/models/character-details.server";
import { ok, requireMethod } from "~/lib/http/api.server";
import { requireCharacterEditor } from "~/lib/auth/character-access.server";
import { parseCharacterRequest } from "~/lib/http/character-input.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { requireUser } from "~/lib/auth/permissions.server";
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

/** GET: the character's details (the details panel's Overview), with the visibility rules applied. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getSessionUser(request, context);
  const details = isId(params.id) ? await getCharacterDetails(context.db, params.id, viewer) : null;
  if (!details) return notFound("Character not found");
  return Response.json(details, { headers: { "Cache-Control": "private, no-store" } });
}
