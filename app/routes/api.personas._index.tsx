import { personaSchema } from "~/lib/forms/account";
import { apiAction, apiLoader } from "~/web/api.server";
import { badRequest } from "~/lib/http/http.server";
import { createPersona, listPersonas } from "~/models/persona.server";
import { PERSONAS_PER_USER_MAX } from "~/spec/limits";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** GET: the user's personas, oldest first. */
export const loader = apiLoader({ auth: "user" }, ({ context, user }) => listPersonas(context.db, user.id));

/** POST { name, persona, isDefault? }: a new persona; answers it. */
export const action = apiAction({ methods: ["POST"], auth: "user", schema: personaSchema }, async ({ context, user, body }) => {
  const created = await createPersona(context.db, user.id, body);
  if (!created) throw badRequest(ACCOUNT_MESSAGES.tooManyPersonas(PERSONAS_PER_USER_MAX));
  return created;
});
