import { importCard } from "~/lib/cards/card-import.server";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";

/** POST a Character Card (PNG or JSON, multipart `file` or a JSON body): answers the create form's fields; nothing is saved. */
export const action = apiAction({ methods: ["POST"], auth: "user" }, async ({ request, context, user }) => {
  await limitPerMinute(context, "create", `user:${user.id}`);
  return await importCard(request);
});

export const loader = onlyMethods("POST");
