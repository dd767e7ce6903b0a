import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonMutation, ok } from "~/lib/http/api.server";
import { personaSchema } from "~/lib/forms/account";
import { badRequest } from "~/lib/http/http.server";
import { requireUser } from "~/lib/auth/permissions.server";
import { countPersonas, createPersona, listPersonas } from "~/models/persona.server";
import { PERSONAS_PER_USER_MAX } from "~/spec/limits";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return Response.json(await listPersonas(context.db, user.id), { headers: { "Cache-Control": "private, no-store" } });
}

/** POST { name, persona, isDefault? } creates a persona. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, body } = await jsonMutation(request, context, ["POST"], personaSchema);
  if ((await countPersonas(context.db, user.id)) >= PERSONAS_PER_USER_MAX) return badRequest(`You can have at most ${PERSONAS_PER_USER_MAX} personas.`);
  const id = await createPersona(context.db, user.id, body);
  return ok({ id });
}
