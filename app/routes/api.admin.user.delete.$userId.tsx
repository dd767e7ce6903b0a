import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/lib/http/api.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import { accountLabel, deleteAccount, isProtectedUser } from "~/models/account-deletion.server";
import { logLine } from "~/models/moderation.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/**
 * DELETE: the user themself or the admin deletes an account (decision 005). The admin's deletion of
 * someone else's account is written to the moderation log in the same batch (decision 026).
 */
export const action = apiAction({ methods: ["DELETE"], auth: "user" }, async ({ context, user, can, params }) => {
  const target = params.userId ?? "";
  if (target !== user.id && !can.administer) throw forbidden(ACCOUNT_MESSAGES.onlyOwnAccount);
  const found = isId(target) && !isProtectedUser(target) ? await accountLabel(context.db, target) : null;
  if (!found) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
  const log = target === user.id ? [] : [logLine(context.db, user, { action: "user.delete", targetType: "user", targetId: target, targetLabel: found })];
  return { id: target, deleted: true, ...(await deleteAccount(context.db, context.env.MEDIA, target, log)) };
});

export const loader = onlyMethods("DELETE");
