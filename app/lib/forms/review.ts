import * as z from "zod";
import "~/lib/zod-config";
import { screened } from "~/lib/safety/form-rules";
import { REVIEW_COPY, REVIEW_LIMITS } from "~/spec/reviews";

/** PUT /api/characters/:id/review: a rating of 1 to 5 and an optional review. */
export const reviewSchema = z.lazy(() =>
  z.object({
    rating: z.number({ error: REVIEW_COPY.pickRating }).int(REVIEW_COPY.pickRating).min(1, REVIEW_COPY.pickRating).max(5, REVIEW_COPY.pickRating),
    text: screened("review.text", z.string().trim().max(REVIEW_LIMITS.textMax, REVIEW_COPY.textTooLong).default("")),
  }),
);

/** POST /api/reviews/:id/reply: the creator's reply. */
export const reviewReplySchema = z.lazy(() =>
  z.object({
    text: screened("review.reply", z.string().trim().min(1, REVIEW_COPY.replyRequired).max(REVIEW_LIMITS.replyMax, REVIEW_COPY.replyTooLong)),
  }),
);
