import { importCard } from "~/services/cards/card-import.server";
import { apiAction, onlyMethods } from "~/web/api.server";
import { requestGate } from "~/services/safety/safety-gate.server";

/** POST a Character Card (PNG or JSON, multipart `file` or a JSON body): answers the create form's fields; nothing is saved. */
export const action = apiAction({ methods: ["POST"], auth: "user", limit: "create" }, async ({ request, context, user }) => {
  return await importCard(request, requestGate(context, user.id));
});

export const loader = onlyMethods("POST");
