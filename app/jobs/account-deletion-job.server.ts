import type { Db } from "~/db/client.server";
import { setJobReply } from "~/models/jobs.server";
import { accountFiles, accountToDelete, deleteAccountRows, deleteFiles } from "~/models/account-deletion.server";
import { logLine, type Moderator } from "~/models/moderation.server";
import type { JobRow, JobSpec } from "./queue.server";

/**
 * What an `account-delete` job carries: the account, and who asked (the person themself, or the
 * admin, whose deletion of someone else's account goes to the moderation log). The job row has no
 * user, so it outlives the account it deletes.
 */
export type AccountDeletionInput = { userId: string; by: Moderator };

/** What GET /api/status/:id answers as `reply` while it runs and when it is done. */
export type DeletionProgress = { deleted: number; total: number };

/**
 * Deletes a heavy account (more files than one R2 call takes): the files a chunk at a time, with the
 * progress in the job's reply after each, then the rows in one batch. A retry lists what is left and
 * goes on; an account already gone is done.
 */
async function run(job: JobRow, env: Env, db: Db) {
  const { userId, by } = job.input as AccountDeletionInput;
  const account = await accountToDelete(db, userId);
  if (!account) return JSON.stringify({ deleted: 0, total: 0 } satisfies DeletionProgress);
  const keys = await accountFiles(db, env.MEDIA, userId);
  const report = (deleted: number) => setJobReply(db, job.id, JSON.stringify({ deleted, total: keys.length } satisfies DeletionProgress));
  await report(0);
  await deleteFiles(env.MEDIA, keys, report);
  const log = by.id === userId ? [] : [logLine(db, by, { action: "user.delete", targetType: "user", targetId: userId, targetLabel: account.label })];
  await deleteAccountRows(db, env, userId, account.email, log);
  return JSON.stringify({ deleted: keys.length, total: keys.length } satisfies DeletionProgress);
}

export const accountDeletionJob: JobSpec = run;
