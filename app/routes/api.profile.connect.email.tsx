import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonMutation, ok, mutationOnlyLoader } from "~/lib/http/api.server";
import { connectEmailSchema } from "~/lib/forms/account";
import { sendConnectCode } from "~/models/patreon.server";
import { MESSAGES } from "~/spec/messages";

/** Step one of connecting Patreon: a 6-digit code to the Patreon email. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, body } = await jsonMutation(request, context, ["PUT"], connectEmailSchema);
  await sendConnectCode(context, user.id, body.patreonEmail);
  return ok({ message: MESSAGES.account.patreonCodeSent });
}

export const loader = mutationOnlyLoader;
