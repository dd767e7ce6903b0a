import { isId } from "~/db/ids";
import { apiAction, onlyMethods } from "~/web/api.server";
import { forbidden, notFound } from "~/lib/http/http.server";
import type { AccountDeletionInput } from "~/jobs/account-deletion-job.server";
import { enqueueJob } from "~/models/jobs.server";
import { accountFiles, accountToDelete, deleteAccount, FILES_PER_DELETE, isProtectedUser } from "~/models/account-deletion.server";
import { logLine } from "~/models/moderation.server";
import { ACCOUNT_MESSAGES } from "~/spec/messages";

/**
 * DELETE: the user themself or the admin deletes an account (decision 005): 200 when done; 202
 * `{ jobId }` for an account with more files than one R2 call deletes, which a queued job deletes
 * while GET /api/status/:id shows its progress. The admin's deletion of someone else's account is
 * written to the moderation log in the same batch as the account's rows (decision 026).
 */
export const action = apiAction({ methods: ["DELETE"], auth: "user" }, async ({ context, user, can, params }) => {
  const target = params.userId ?? "";
  if (target !== user.id && !can.administer) throw forbidden(ACCOUNT_MESSAGES.onlyOwnAccount);
  const found = isId(target) && !isProtectedUser(target) ? await accountToDelete(context.db, target) : null;
  if (!found) throw notFound(ACCOUNT_MESSAGES.accountNotFound);
  // More files than one R2 call deletes: a queued job that shows its progress (GET /api/status/:id).
  const files = await accountFiles(context.db, context.env.MEDIA, target);
  if (files.length > FILES_PER_DELETE) {
    const input: AccountDeletionInput = { userId: target, by: { id: user.id, name: user.name, email: user.email } };
    const jobId = await enqueueJob(context, { type: "account-delete", userId: null, input });
    return Response.json({ id: target, jobId }, { status: 202, headers: { "Cache-Control": "private, no-store" } });
  }
  const log = target === user.id ? [] : [logLine(context.db, user, { action: "user.delete", targetType: "user", targetId: target, targetLabel: found.label })];
  return { id: target, deleted: true, ...(await deleteAccount(context.db, context.env, target, found.email, log)) };
});

export const loader = onlyMethods("DELETE");
