import { isId } from "~/db/ids";
import { personaSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/web/api.server";
import { notFound } from "~/lib/http/http.server";
import { deletePersona, updatePersona } from "~/models/persona.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/**
 * PUT { name, persona, isDefault? } updates (isDefault: true makes it the default) and answers it;
 * DELETE removes it. Another person's persona is not found (404), like every owned resource.
 */
export const action = apiAction(
  { methods: ["PUT", "DELETE"], auth: "user", schema: { PUT: personaSchema } },
  async ({ request, context, user, params, body }) => {
    const id = params.id ?? "";
    if (!isId(id)) throw notFound(ACCOUNT_MESSAGES.personaNotFound);
    if (request.method === "PUT") {
      const updated = await updatePersona(context.db, user.id, id, body!);
      if (!updated) throw notFound(ACCOUNT_MESSAGES.personaNotFound);
      return updated;
    }
    if (!(await deletePersona(context.db, user.id, id))) throw notFound(ACCOUNT_MESSAGES.personaNotFound);
    return { id, deleted: true };
  },
);

export const loader = onlyMethods("PUT", "DELETE");
