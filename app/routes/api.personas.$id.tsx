import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { jsonMutation, ok, requireMethod, mutationOnlyLoader } from "~/lib/http/api.server";
import { personaSchema } from "~/lib/forms/account";
import { requireCsrf } from "~/lib/http/csrf.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { deletePersona, personaOwner, updatePersona } from "~/models/persona.server";

/** PUT { name, persona, isDefault? } updates (isDefault: true makes it the default); DELETE removes it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const user = await requireUser(request, context);
    await requireCsrf(request, context);
    await assertOwn(context, id, user.id);
    await deletePersona(context.db, user.id, id);
    return ok();
  }
  const { user, body } = await jsonMutation(request, context, ["PUT"], personaSchema);
  await assertOwn(context, id, user.id);
  await updatePersona(context.db, user.id, id, body);
  return ok();
}

async function assertOwn(context: ActionFunctionArgs["context"], id: string, userId: string) {
  const owner = isId(id) ? await personaOwner(context.db, id) : null;
  if (!owner) throw notFound("Persona not found");
  if (owner !== userId) throw forbidden("That persona belongs to someone else.");
}

export const loader = mutationOnlyLoader;
