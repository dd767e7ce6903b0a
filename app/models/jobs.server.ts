import type { AppLoadContext } from "react-router";
import { and, eq, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobs } from "~/db/schema";

/**
 * Slow work's rows (decision 026): a `jobs` row per job, queued, claimed by one delivery of its queue
 * message, and ended once. The consumer (app/jobs/queue.server.ts) runs them through these.
 */
export type JobRow = typeof jobs.$inferSelect;

/** Slow work: a `jobs` row (queued) plus a message on the JOBS queue; the consumer completes it. */
export async function enqueueJob(context: Pick<AppLoadContext, "db" | "env">, job: { type: string; userId: string | null; input: Record<string, unknown> }) {
  const [row] = await context.db.insert(jobs).values({ type: job.type, userId: job.userId, input: job.input }).returning({ id: jobs.id });
  await context.env.JOBS.send({ jobId: row.id });
  return row.id;
}

/** Job types whose reply is JSON: a picture's `{ id, url }`, an account deletion's `{ deleted, total }`. */
const JSON_REPLIES = new Set(["image", "account-delete"]);

/**
 * `{ status, reply }` of a user's own job (spec section 7), or null when it is not theirs. A
 * picture's reply is `{ id, url }`; speech's is the audio's URL; an account deletion's is its
 * progress, `{ deleted, total }` (that job has no user: it belongs to the account it deletes and to
 * whoever asked).
 */
export async function getJobStatus(db: Db, jobId: string, userId: string) {
  const row = await db
    .select({ type: jobs.type, status: jobs.status, reply: jobs.reply, error: jobs.error })
    .from(jobs)
    .where(
      and(
        eq(jobs.id, jobId),
        or(
          eq(jobs.userId, userId),
          sql`${jobs.type} = 'account-delete' and ${userId} in (json_extract(${jobs.input}, '$.userId'), json_extract(${jobs.input}, '$.by.id'))`,
        ),
      ),
    )
    .get();
  if (!row) return null;
  const reply = JSON_REPLIES.has(row.type) && row.reply ? (JSON.parse(row.reply) as unknown) : row.reply;
  return row.status === "error" ? { status: row.status, reply, error: row.error } : { status: row.status, reply };
}

/** A job still `running` after this long was dropped by a consumer that died: another delivery may claim it. */
const STALE_RUNNING_MS = 10 * 60 * 1000;

/**
 * Takes a job for this delivery in one statement: a queued job, or a running one whose consumer died.
 * Two deliveries of one message never both run it, so a paid backend is never called twice for it.
 */
export async function claimJob(db: Db, jobId: string, now: number): Promise<JobRow | undefined> {
  const [job] = await db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, updatedAt: new Date(now) })
    .where(and(eq(jobs.id, jobId), or(eq(jobs.status, "queued"), and(eq(jobs.status, "running"), lt(jobs.updatedAt, new Date(now - STALE_RUNNING_MS))))))
    .returning();
  return job;
}

/** Ends a job as an error unless it has ended already; true when this call ended it (so what giving up undoes happens once). */
export async function endJobInError(db: Db, jobId: string, shown: string) {
  const ended = await db
    .update(jobs)
    .set({ status: "error", error: shown, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), notInArray(jobs.status, ["completed", "error"])))
    .returning({ id: jobs.id });
  return ended.length > 0;
}

export async function completeJob(db: Db, jobId: string, reply: string) {
  const now = new Date();
  await db.update(jobs).set({ status: "completed", reply, error: null, updatedAt: now, completedAt: now }).where(eq(jobs.id, jobId)).run();
}

/** Puts a job back in the queue with the error its last attempt met, unless it has ended meanwhile. */
export async function requeueJob(db: Db, jobId: string, shown: string) {
  await db
    .update(jobs)
    .set({ status: "queued", error: shown, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), notInArray(jobs.status, ["completed", "error"])))
    .run();
}

export const findJob = (db: Db, jobId: string) => db.select().from(jobs).where(eq(jobs.id, jobId)).get();

/** A running job's progress, in its reply (an account deletion's `{ deleted, total }`). */
export async function setJobReply(db: Db, jobId: string, reply: string) {
  await db.update(jobs).set({ reply, updatedAt: new Date() }).where(eq(jobs.id, jobId)).run();
}
