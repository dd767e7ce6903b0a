import { eq } from "drizzle-orm";
import { createDb, type Db } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { speechJob } from "./speech-job.server";

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (job: JobRow, env: Env, db: Db) => Promise<string>;

/** One handler per job type; the image and story issues add theirs here. */
export const JOB_HANDLERS: Record<string, JobHandler> = { speech: (...args) => speechJob(...args) };

/**
 * The JOBS queue consumer. Each message names a job row; the handler's reply completes it.
 * A thrown error is retried by the queue; on the last attempt the job is marked `error`.
 */
export async function handleQueueBatch(batch: MessageBatch<{ jobId: string }>, env: Env, handlers = JOB_HANDLERS) {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    const jobId = message.body?.jobId;
    const job = jobId ? await db.select().from(jobs).where(eq(jobs.id, jobId)).get() : undefined;
    if (!job || job.status === "completed" || job.status === "error") {
      message.ack();
      continue;
    }
    const handler = handlers[job.type];
    if (!handler) {
      await db.update(jobs).set({ status: "error", error: `Unknown job type: ${job.type}`, updatedAt: new Date() }).where(eq(jobs.id, job.id)).run();
      message.ack();
      continue;
    }
    await db.update(jobs).set({ status: "running", attempts: job.attempts + 1, updatedAt: new Date() }).where(eq(jobs.id, job.id)).run();
    try {
      const reply = await handler(job, env, db);
      const now = new Date();
      await db.update(jobs).set({ status: "completed", reply, error: null, updatedAt: now, completedAt: now }).where(eq(jobs.id, job.id)).run();
      message.ack();
    } catch (error) {
      const lastAttempt = message.attempts >= 3;
      const text = error instanceof Error ? error.message : String(error);
      await db.update(jobs).set({ status: lastAttempt ? "error" : "queued", error: text, updatedAt: new Date() }).where(eq(jobs.id, job.id)).run();
      if (lastAttempt) message.ack();
      else message.retry({ delaySeconds: 2 ** message.attempts });
    }
  }
}
