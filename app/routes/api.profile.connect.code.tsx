import { connectCodeSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/web/api.server";
import { badRequest } from "~/lib/http/http.server";
import { verifyConnectCode } from "~/services/account/patreon-connect.server";
import { MESSAGES } from "~/spec/messages";

/** Step two: the code from the mail connects the Patreon email to this account. */
export const action = apiAction({ methods: ["PUT"], auth: "user", limit: "code", schema: connectCodeSchema }, async ({ context, user, body }) => {
  const result = await verifyConnectCode(context, user.id, body.patreonEmail, body.code);
  if (!result.ok) throw badRequest(result.error);
  return { message: MESSAGES.account.connected };
});

export const loader = onlyMethods("PUT");
