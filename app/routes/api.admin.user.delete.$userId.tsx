import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { deleteAccount, isProtectedUser, userExists } from "~/models/account-deletion.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/** DELETE: the user themself or the admin deletes an account (decision 005). */
export const action = apiAction({ methods: ["DELETE"], auth: "user" }, async ({ context, user, can, params }) => {
  const target = params.userId ?? "";
  if (target !== user.id && !can.viewAnalytics) throw forbidden(ACCOUNT_MESSAGES.onlyOwnAccount);
  if (!isId(target) || isProtectedUser(target) || !(await userExists(context.db, target))) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
  return { id: target, deleted: true, ...(await deleteAccount(context.db, context.env.MEDIA, target)) };
});

export const loader = onlyMethods("DELETE");
