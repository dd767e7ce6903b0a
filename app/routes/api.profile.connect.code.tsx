import { connectCodeSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { badRequest } from "~/lib/http/http.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { verifyConnectCode } from "~/models/patreon.server";
import { MESSAGES } from "~/spec/messages";

/** Step two: the code from the mail connects the Patreon email to this account. */
export const action = apiAction({ methods: ["PUT"], auth: "user", schema: connectCodeSchema }, async ({ context, user, body }) => {
  await limitPerMinute(context, "code", `user:${user.id}`);
  const result = await verifyConnectCode(context, user.id, body.patreonEmail, body.code);
  if (!result.ok) throw badRequest(result.error);
  return { message: MESSAGES.account.connected };
});

export const loader = onlyMethods("PUT");
