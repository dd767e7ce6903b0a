import { connectEmailSchema } from "~/lib/forms/account";
import { apiAction, onlyMethods } from "~/web/api.server";
import { sendConnectCode } from "~/services/account/patreon-connect.server";
import { MESSAGES } from "~/spec/messages";

/** Step one of connecting Patreon: a 6-digit code to the Patreon email. */
export const action = apiAction({ methods: ["PUT"], auth: "user", schema: connectEmailSchema }, async ({ context, user, body }) => {
  await sendConnectCode(context, user.id, body.patreonEmail);
  return { message: MESSAGES.account.patreonCodeSent };
});

export const loader = onlyMethods("PUT");
