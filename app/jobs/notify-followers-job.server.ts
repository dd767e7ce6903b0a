import type { Db } from "~/db/client.server";
import { setJobReply } from "~/models/jobs.server";
import { notifyFollowersPage } from "~/models/notifications.server";
import type { JobRow, JobSpec } from "./queue.server";

/** What a `notify-followers` job carries: the character published for the first time. */
export type NotifyFollowersInput = { characterId: string };

/**
 * Tells a creator's followers of their new character (decision 095), a page of followers per
 * statement, so a creator with 100,000 followers never holds D1 in one 100,000-row write. The last
 * follower told is kept in the job's reply after each page: a retry goes on from there (and a page
 * written twice tells nobody twice).
 */
async function run(job: JobRow, _env: Env, db: Db) {
  const { characterId } = job.input as NotifyFollowersInput;
  let after = job.reply ?? "";
  for (;;) {
    const last = await notifyFollowersPage(db, characterId, after);
    if (last === null) return after;
    after = last;
    await setJobReply(db, job.id, after);
  }
}

export const notifyFollowersJob: JobSpec = run;
