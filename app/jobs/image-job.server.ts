import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { getConfig } from "~/lib/config.server";
import type { Painter } from "~/lib/providers/image/offline.server";
import { imageGenerator } from "~/lib/providers/image/index.server";
import { refundImage } from "~/models/allowance.server";
import { insertPicture, pictureOfJob } from "~/models/images.server";
import type { ImageRequest } from "~/lib/providers/image/types";
import type { JobRow, JobSpec } from "./queue.server";

/** What an `image` job carries: the finished prompt (checked before queueing) and where the picture belongs. */
export type ImageJobInput = ImageRequest & {
  characterId: string | null;
  messageId: string | null;
  isNsfw: boolean;
  /**
   * The prompts as the picture's owner may read them: stored with the picture and shown on its pages.
   * A character's hidden image prompt goes to the backend, never into this (issue 22).
   */
  shown: { prompt: string; negativePrompt: string };
  /** The picture taken from the allowance (and the allowance's size then), given back if the job ends in an error. */
  reservation: { userId: string; resetAt: string; size: number };
};

/** What GET /api/status/:id answers as `reply` for a finished picture. */
export type ImageReply = { id: string; url: string };

const imageReply = (row: { id: string; r2Key: string }): string => JSON.stringify({ id: row.id, url: `/media/${row.r2Key}` } satisfies ImageReply);

/**
 * The `image` job: the backend draws the picture, it goes to R2, and a generated_images row records
 * it. A retry after the row was written finds it and answers the same picture.
 */
async function run(job: JobRow, env: Env, db: Db) {
  const input = job.input as ImageJobInput;
  const done = await pictureOfJob(db, job.id);
  if (done) return imageReply(done);
  const picture = await imageGenerator(getConfig(env).images, env.PAINTER as unknown as Painter).generate(input);
  const id = createId();
  const ext = picture.contentType === "image/png" ? "png" : picture.contentType === "image/jpeg" ? "jpg" : "webp";
  const r2Key = `images/${id}.${ext}`;
  await env.MEDIA.put(r2Key, picture.bytes, { httpMetadata: { contentType: picture.contentType } });
  await insertPicture(db, {
    id,
    userId: job.userId!,
    characterId: input.characterId,
    messageId: input.messageId,
    jobId: job.id,
    // A job queued before `shown` existed is stored as it was sent.
    prompt: input.shown?.prompt ?? input.prompt,
    negativePrompt: input.shown?.negativePrompt ?? input.negativePrompt,
    model: input.model,
    width: input.width,
    height: input.height,
    seed: input.seed,
    r2Key,
    isNsfw: input.isNsfw,
  });
  return imageReply({ id, r2Key });
}

/** After the last try the picture costs nothing: the reservation goes back to the allowance. */
async function giveUp(job: JobRow, env: Env) {
  const { reservation } = job.input as ImageJobInput;
  await refundImage(env, { userId: reservation.userId, resetAt: new Date(reservation.resetAt) }, { size: reservation.size });
}

export const imageJob: JobSpec = { run, giveUp };
