import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { enqueueJob } from "~/models/jobs.server";
import type { ImageJobInput } from "~/jobs/image-job.server";
import type { SessionUser } from "~/lib/auth/session-user";
import { allowanceEmpty, limitPerMinute } from "~/lib/http/rate-limit.server";
import { plain, screened } from "~/lib/safety/form-rules";
import { refundImage, reserveImage } from "~/models/allowance.server";
import { BASE_NEGATIVE_PROMPT, DEFAULT_IMAGE_SIZE, IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_MODELS, IMAGE_SIZES } from "~/spec/images";
import { looksNsfw } from "~/lib/images/chat-scene";

/** POST /api/images: a picture from a typed prompt (the playground), or for a chat message. */
export const imageRequestSchema = z.lazy(() =>
  z
    .object({
      prompt: screened("image.prompt", z.string().trim().min(1, IMAGE_MESSAGES.emptyPrompt).max(IMAGE_LIMITS.promptMax, IMAGE_MESSAGES.promptTooLong)),
      negativePrompt: screened("image.prompt", z.string().trim().max(IMAGE_LIMITS.negativePromptMax, IMAGE_MESSAGES.negativeTooLong).default("")),
      model: z.enum(IMAGE_MODELS, { message: IMAGE_MESSAGES.badModel }),
      width: z.number().int().optional(),
      height: z.number().int().optional(),
      seed: z
        .number({ message: IMAGE_MESSAGES.badSeed })
        .int(IMAGE_MESSAGES.badSeed)
        .min(0, IMAGE_MESSAGES.badSeed)
        .max(IMAGE_LIMITS.seedMax, IMAGE_MESSAGES.badSeed)
        .optional(),
      messageId: plain("id", z.string()).optional(),
    })
    .transform((body, ctx) => {
      const size = body.width || body.height ? IMAGE_SIZES.find((s) => s.width === body.width && s.height === body.height) : DEFAULT_IMAGE_SIZE;
      if (!size) {
        ctx.addIssue({ code: "custom", path: ["width"], message: IMAGE_MESSAGES.badSize });
        return z.NEVER;
      }
      return { ...body, width: size.width, height: size.height };
    }),
);

/**
 * A picture to make. `shown` is what its owner may read of the prompts, when that is less than what
 * the backend is sent (a character's hidden image prompt, spec section 6); by default, all of it.
 */
export type PictureOrder = Omit<ImageJobInput, "reservation" | "seed" | "isNsfw" | "shown"> & {
  seed?: number;
  isNsfw?: boolean;
  shown?: { prompt: string; negativePrompt: string };
};

/** Every picture is also kept from what the service never draws. */
const withBaseNegative = (negative: string) => [negative, BASE_NEGATIVE_PROMPT].filter((p) => p.trim()).join(", ");

/** The user's picture allowance: their tier's size for the allowance period. */
export const imageAllowanceFor = (context: AppLoadContext, user: SessionUser) => ({
  size: context.config.images.allowance.sizes[user.tier],
  periodMs: context.config.images.allowance.periodMs,
});

/**
 * Queues one picture: the per-minute jobs limit, then one picture taken from the allowance in one
 * statement (429 when none is left), then `order` builds the picture's order and the job is queued.
 * The order is built only once the call is admitted (the Chat mode asks the text model for it); it
 * checks its prompt with the safety module, and a refusal or any failure gives the picture back.
 * Answers the job's id for GET /api/status/:id.
 */
export async function queuePicture(context: AppLoadContext, user: SessionUser, order: () => PictureOrder | Promise<PictureOrder>) {
  await limitPerMinute(context, "jobs", `user:${user.id}`);
  const allowance = imageAllowanceFor(context, user);
  const reserved = await reserveImage({ env: context.env, userId: user.id }, allowance);
  if (!reserved.ok) throw allowanceEmpty(IMAGE_MESSAGES.allowanceEmpty, reserved.resetAt);
  try {
    const picture = await order();
    const { shown, ...sent } = picture;
    const input: ImageJobInput = {
      ...sent,
      negativePrompt: withBaseNegative(picture.negativePrompt),
      shown: { prompt: shown?.prompt ?? picture.prompt, negativePrompt: withBaseNegative(shown?.negativePrompt ?? picture.negativePrompt) },
      seed: picture.seed ?? crypto.getRandomValues(new Uint32Array(1))[0] % IMAGE_LIMITS.seedMax,
      isNsfw: picture.isNsfw ?? looksNsfw(picture.prompt),
      reservation: { userId: user.id, resetAt: reserved.reservation.resetAt.toISOString(), size: allowance.size },
    };
    return { jobId: await enqueueJob(context, { type: "image", userId: user.id, input }) };
  } catch (error) {
    await refundImage(context.env, reserved.reservation, allowance);
    throw error;
  }
}
