/**
 * The move of what D1 still holds per user into their own object (decision 029). The hourly cron
 * queues one `move-to-objects` job per user who has rows left (up to MOVES_PER_RUN a run, none
 * twice while one is waiting), and the JOBS consumer runs it. Each move is idempotent and
 * resumable, and its reply reports what it moved. A user who comes back before their job runs is
 * moved on their first call anyway (the object moves in on open).
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { userStore } from "~/models/user-store.server";
import type { JobHandler } from "./queue.server";

export const MOVE_JOB = "move-to-objects";
/** How many users' moves one cron run queues: the rest wait for the next hour. */
const MOVES_PER_RUN = 500;

export const moveToObjectsJob: JobHandler = async (job, env) => {
  const userId = String(job.input.userId);
  return JSON.stringify(await userStore(env, userId).moveFromD1(userId));
};

/** Queues a move for each user who still has rows in D1 and no move waiting; how many were queued. */
export async function queueMoves(db: Db, queue: Queue) {
  const users = await db.all<{ userId: string }>(sql`
    select s.user_id as userId from (
      select user_id from chat_settings union select user_id from saved_chats
      union select user_id from message_tokens union select user_id from image_tokens union select user_id from stories) s
    where not exists (
      select 1 from jobs j where j.type = ${MOVE_JOB} and j.status in ('queued', 'running') and j.user_id = s.user_id)
    limit ${MOVES_PER_RUN}`);
  if (!users.length) return 0;
  const rows = await db
    .insert(jobs)
    .values(users.map((u) => ({ type: MOVE_JOB, userId: u.userId, input: { userId: u.userId } })))
    .returning({ id: jobs.id });
  for (let i = 0; i < rows.length; i += 100) await queue.sendBatch(rows.slice(i, i + 100).map((r) => ({ body: { jobId: r.id } })));
  return rows.length;
}
