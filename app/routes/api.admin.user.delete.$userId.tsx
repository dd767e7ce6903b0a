import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/db/ids";
import { ok, requireMethod, mutationOnlyLoader } from "~/lib/http/api.server";
import { requireCsrf } from "~/lib/http/csrf.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { capabilities, requireUser } from "~/lib/auth/permissions.server";
import { deleteAccount, isProtectedUser, userExists } from "~/models/account-deletion.server";

/** DELETE: the user themself or the admin deletes an account (see docs/decisions/005). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "DELETE");
  const user = await requireUser(request, context);
  await requireCsrf(request, context);
  const target = params.userId ?? "";
  if (target !== user.id && !capabilities(user, context).viewAnalytics) return forbidden("You can only delete your own account.");
  if (!isId(target) || isProtectedUser(target) || !(await userExists(context, target))) return notFound("Account not found");
  await deleteAccount(context, target);
  return ok();
}

export const loader = mutationOnlyLoader;
