import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEAD_LETTER_QUEUE, handleQueueBatch, type JobSpec } from "~/jobs/queue.server";
import { IMAGE_MESSAGES } from "~/spec/images";
import { signedIn, meId } from "../support/client";
import { allowanceLeft, allowanceResetAt, insertJob, insertUser, setAllowance } from "../support/fixtures";

/** The JOBS consumer (issue 22): a job is claimed once, a broken message never stops the batch, dead letters end their jobs, people read plain words. */
const batchOf = (queue: string, ids: string[], attempts = 1) =>
  createMessageBatch<{ jobId: string }>(
    queue,
    ids.map((jobId, i) => ({ id: `m${i}-${jobId}`, timestamp: new Date(), attempts, body: { jobId } })),
  );
const run = async (batch: ReturnType<typeof batchOf>, handlers?: Record<string, JobSpec>) => {
  await handleQueueBatch(batch, env, handlers);
  return await getQueueResult(batch, createExecutionContext());
};
const jobRow = (id: string) => env.DB.prepare("SELECT status, attempts, error, reply FROM jobs WHERE id = ?").bind(id).first<any>();

describe("the JOBS consumer", () => {
  it("claims a job in one statement: two deliveries at once call the backend once", async () => {
    const userId = await insertUser({ email: "queue-claim@example.com" });
    await insertJob({ id: "queueclaim000001", userId, type: "paid" });
    let calls = 0;
    const handlers: Record<string, JobSpec> = {
      paid: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 50));
        return "done";
      },
    };
    await Promise.all([run(batchOf("reverie-jobs", ["queueclaim000001"]), handlers), run(batchOf("reverie-jobs", ["queueclaim000001"]), handlers)]);
    expect(calls).toBe(1);
    expect(await jobRow("queueclaim000001")).toMatchObject({ status: "completed", attempts: 1, reply: "done" });
  });

  it("a message whose row cannot be read is retried alone; the rest of the batch completes", async () => {
    const userId = await insertUser({ email: "queue-broken@example.com" });
    await env.DB.prepare("INSERT INTO jobs (id, user_id, type, status, input) VALUES ('queuebroken00001', ?, 'plain', 'queued', 'not json')")
      .bind(userId)
      .run();
    await insertJob({ id: "queuefine0000001", userId, type: "plain" });
    const result = await run(batchOf("reverie-jobs", ["queuebroken00001", "queuefine0000001"]), { plain: async () => "ok" });
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m0-queuebroken00001"]);
    expect(result.explicitAcks).toEqual(["m1-queuefine0000001"]);
    expect(await jobRow("queuefine0000001")).toMatchObject({ status: "completed" });
  });

  it("people read the backend's words or a plain message, never our internals", async () => {
    const userId = await insertUser({ email: "queue-plain@example.com" });
    await insertJob({ id: "queueinternal001", userId, type: "image", input: {} });
    const internal: JobSpec = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'bytes') at D1_ERROR params: secret@example.com");
    };
    await run(batchOf("reverie-jobs", ["queueinternal001"], 3), { image: internal });
    expect(await jobRow("queueinternal001")).toMatchObject({ status: "error", error: IMAGE_MESSAGES.failed });
  });

  it("a dead letter ends its job as an error and gives back what it took, once", async () => {
    const client = await signedIn("queue-dead@example.com");
    const userId = await meId(client);
    await setAllowance(userId, 9, new Date(Date.now() + 3_600_000), "image");
    const resetAt = (await allowanceResetAt(userId, "image"))!;
    await insertJob({
      id: "queuedead0000001",
      userId,
      type: "image",
      status: "running",
      input: { reservation: { userId, resetAt: new Date(resetAt).toISOString(), size: 10 } },
    });
    await run(batchOf(DEAD_LETTER_QUEUE, ["queuedead0000001"]));
    await run(batchOf(DEAD_LETTER_QUEUE, ["queuedead0000001"]));
    expect(await jobRow("queuedead0000001")).toMatchObject({ status: "error", error: IMAGE_MESSAGES.failed });
    expect(await allowanceLeft(userId, "image")).toBe(10);
    const status = (await (await client.fetch("/api/status/queuedead0000001")).json()) as any;
    expect(status).toMatchObject({ status: "error", error: IMAGE_MESSAGES.failed });
  });
});
