import { and, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import { createDb, type Db } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { getConfig } from "~/lib/config.server";
import { accountDeletionJob } from "./account-deletion-job.server";
import { imageJob } from "./image-job.server";
import { speechJob } from "./speech-job.server";

/** What the JOBS queue carries: the id of a job row. */
export const jobMessage = z.object({ jobId: z.string().min(1) });
export type JobMessage = z.output<typeof jobMessage>;

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (job: JobRow, env: Env, db: Db) => Promise<string>;
/** A job type: its handler, or the handler and what to undo when the last try fails (a refund). */
export type JobSpec = JobHandler | { run: JobHandler; giveUp?: (job: JobRow, env: Env, db: Db) => Promise<void> };

/** One handler per job type. */
export const JOB_HANDLERS: Record<string, JobSpec> = { speech: (...args) => speechJob(...args), image: imageJob, "account-delete": accountDeletionJob };

/**
 * The JOBS queue consumer. Each message names a job row; the handler's reply completes it. A thrown
 * error is retried by the queue with a growing delay; the attempt that reaches JOBS_MAX_ATTEMPTS marks
 * the job `error` and acks it (the queue's own max_retries is only a backstop above that).
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, handlers = JOB_HANDLERS) {
  const db = createDb(env.DB);
  const maxAttempts = getConfig(env).jobs.maxAttempts;
  for (const message of batch.messages) {
    const body = jobMessage.safeParse(message.body);
    const job = body.success ? await db.select().from(jobs).where(eq(jobs.id, body.data.jobId)).get() : undefined;
    if (!job || job.status === "completed" || job.status === "error") {
      message.ack();
      continue;
    }
    const spec = handlers[job.type];
    if (!spec) {
      await db
        .update(jobs)
        .set({ status: "error", error: `Unknown job type: ${job.type}`, updatedAt: new Date() })
        .where(eq(jobs.id, job.id))
        .run();
      message.ack();
      continue;
    }
    await db
      .update(jobs)
      .set({ status: "running", attempts: job.attempts + 1, updatedAt: new Date() })
      .where(eq(jobs.id, job.id))
      .run();
    try {
      const reply = await (typeof spec === "function" ? spec : spec.run)(job, env, db);
      const now = new Date();
      await db.update(jobs).set({ status: "completed", reply, error: null, updatedAt: now, completedAt: now }).where(eq(jobs.id, job.id)).run();
      message.ack();
    } catch (error) {
      const lastAttempt = message.attempts >= maxAttempts;
      const text = error instanceof Error ? error.message : String(error);
      // One statement decides who ends the job: a second delivery racing this one finds it ended
      // already, so what the last try undoes (a refund) happens once.
      const ended = await db
        .update(jobs)
        .set({ status: lastAttempt ? "error" : "queued", error: text, updatedAt: new Date() })
        .where(and(eq(jobs.id, job.id), notInArray(jobs.status, ["completed", "error"])))
        .returning({ id: jobs.id });
      if (lastAttempt && ended.length > 0 && typeof spec !== "function") await spec.giveUp?.(job, env, db);
      if (lastAttempt) message.ack();
      else message.retry({ delaySeconds: 2 ** message.attempts });
    }
  }
}
