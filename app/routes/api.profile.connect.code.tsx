import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonMutation, ok, mutationOnlyLoader } from "~/lib/http/api.server";
import { connectCodeSchema } from "~/lib/forms/account";
import { badRequest } from "~/lib/http/http.server";
import { limitPerMinute } from "~/lib/http/rate-limit.server";
import { verifyConnectCode } from "~/models/patreon.server";
import { MESSAGES } from "~/spec/messages";

/** Step two: the code from the mail connects the Patreon email to this account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, body } = await jsonMutation(request, context, ["PUT"], connectCodeSchema);
  await limitPerMinute(context, "code", `user:${user.id}`);
  const result = await verifyConnectCode(context, user.id, body.patreonEmail, body.code);
  if (!result.ok) return badRequest(result.error);
  return ok({ message: MESSAGES.account.connected });
}

export const loader = mutationOnlyLoader;
