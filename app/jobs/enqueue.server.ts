import type { AppLoadContext } from "react-router";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobs } from "~/db/schema";

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
