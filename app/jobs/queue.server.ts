import * as z from "zod";
import { createDb, type Db } from "~/db/client.server";
import { claimJob, completeJob, endJobInError, findJob, requeueJob, type JobRow } from "~/models/jobs.server";
import { getConfig } from "~/lib/config.server";
import { logError } from "~/lib/log";
import { ImageGenerationError } from "~/lib/providers/image/types";
import { SpeechGenerationError } from "~/lib/providers/speech/kokoro.server";
import { IMAGE_MESSAGES } from "~/spec/images";
import { JOB_MESSAGES } from "~/spec/messages";
import { notifyFollowersJob } from "./notify-followers-job.server";
import { accountDeletionJob } from "./account-deletion-job.server";
import { imageJob } from "./image-job.server";
import { speechJob } from "./speech-job.server";

/** What the JOBS queue carries: the id of a job row. */
export const jobMessage = z.lazy(() => z.object({ jobId: z.string().min(1) }));
export type JobMessage = z.output<typeof jobMessage>;

export type { JobRow };
export type JobHandler = (job: JobRow, env: Env, db: Db) => Promise<string>;
/** A job type: its handler, or the handler and what to undo when the job fails for good (a refund). */
export type JobSpec = JobHandler | { run: JobHandler; giveUp?: (job: JobRow, env: Env, db: Db) => Promise<void> };

/** One handler per job type. */
export const JOB_HANDLERS: Record<string, JobSpec> = {
  speech: (...args) => speechJob(...args),
  image: imageJob,
  "account-delete": accountDeletionJob,
  "notify-followers": notifyFollowersJob,
};

/** The queue the JOBS consumer sends a message to when its retries ran out (wrangler.toml). */
export const DEAD_LETTER_QUEUE = "reverie-jobs-dlq";

/** What a person reads when a job fails: the backend's own words, never our internals (decision 026). */
const PLAIN_FAILURE: Record<string, string> = {
  image: IMAGE_MESSAGES.failed,
  speech: JOB_MESSAGES.voiceFailed,
  "account-delete": JOB_MESSAGES.deletionFailed,
};
const shownError = (type: string, error: unknown) =>
  error instanceof ImageGenerationError || error instanceof SpeechGenerationError ? error.message : (PLAIN_FAILURE[type] ?? JOB_MESSAGES.failed);

/** Ends a job as an error, once: a second delivery racing this one finds it ended, so what giving up undoes (a refund) happens once. */
async function endInError(db: Db, env: Env, job: JobRow, spec: JobSpec | undefined, shown: string) {
  const ended = await endJobInError(db, job.id, shown);
  if (ended && spec && typeof spec !== "function") await spec.giveUp?.(job, env, db);
}

async function handleMessage(message: Message<unknown>, env: Env, db: Db, handlers: Record<string, JobSpec>, maxAttempts: number) {
  const body = jobMessage.safeParse(message.body);
  if (!body.success) return message.ack();
  const job = await claimJob(db, body.data.jobId, Date.now());
  // Gone, ended, or being run by another delivery: nothing for this one to do.
  if (!job) return message.ack();
  const spec = handlers[job.type];
  if (!spec) {
    await endInError(db, env, job, undefined, JOB_MESSAGES.failed);
    return message.ack();
  }
  try {
    const reply = await (typeof spec === "function" ? spec : spec.run)(job, env, db);
    await completeJob(db, job.id, reply);
    message.ack();
  } catch (error) {
    logError(`job ${job.type} failed`, error);
    const shown = shownError(job.type, error);
    if (message.attempts >= maxAttempts) {
      await endInError(db, env, job, spec, shown);
      return message.ack();
    }
    await requeueJob(db, job.id, shown);
    message.retry({ delaySeconds: 2 ** message.attempts });
  }
}

/**
 * A message whose retries ran out without the consumer ending its job (the consumer kept dying): the
 * job ends as an error, and what it took is given back.
 */
async function handleDeadLetter(message: Message<unknown>, env: Env, db: Db, handlers: Record<string, JobSpec>) {
  const body = jobMessage.safeParse(message.body);
  const job = body.success ? await findJob(db, body.data.jobId) : undefined;
  if (job) await endInError(db, env, job, handlers[job.type], PLAIN_FAILURE[job.type] ?? JOB_MESSAGES.failed);
  message.ack();
}

/**
 * The JOBS queue consumer, and its dead-letter queue's. Each message names a job row, claimed in one
 * statement; the handler's reply completes it. A thrown error is retried by the queue with a growing
 * delay; the attempt that reaches JOBS_MAX_ATTEMPTS ends the job as an error and acks it. A failure
 * outside a message's handler (the database, a broken row) retries that message alone: the rest of
 * the batch goes on.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, handlers = JOB_HANDLERS) {
  const db = createDb(env.DB);
  const maxAttempts = getConfig(env).jobs.maxAttempts;
  for (const message of batch.messages) {
    try {
      if (batch.queue === DEAD_LETTER_QUEUE) await handleDeadLetter(message, env, db, handlers);
      else await handleMessage(message, env, db, handlers, maxAttempts);
    } catch (error) {
      logError("queue message failed", error);
      message.retry({ delaySeconds: 2 ** Math.min(message.attempts, 8) });
    }
  }
}
