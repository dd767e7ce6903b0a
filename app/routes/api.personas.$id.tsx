import { isId } from "~/db/ids";
import { personaSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { deletePersona, personaOwner, updatePersona } from "~/models/persona.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** PUT { name, persona, isDefault? } updates (isDefault: true makes it the default) and answers it; DELETE removes it. */
export const action = apiAction(
  { methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: personaSchema } },
  async ({ request, context, user, params, body }) => {
    const id = params.id ?? "";
    const owner = isId(id) ? await personaOwner(context.db, id) : null;
    if (!owner) throw notFound(ACCOUNT_MESSAGES.personaNotFound);
    if (owner !== user.id) throw forbidden(ACCOUNT_MESSAGES.personaNotYours);
    if (request.method === "PUT") return await updatePersona(context.db, user.id, id, body!);
    await deletePersona(context.db, user.id, id);
    return { id, deleted: true };
  },
);

export const loader = onlyMethods("PUT", "DELETE");
