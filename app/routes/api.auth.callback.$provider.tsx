import type { ActionFunctionArgs, LoaderFunctionArgs } from "~/lib/http/route-args";
import { completeSignIn } from "~/services/auth/flow.server";

/** GET: the OAuth redirect or the email magic link. POST: the 6-digit email code. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return await completeSignIn(request, context, params.provider ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return await completeSignIn(request, context, params.provider ?? "");
}
