/**
 * Ratings and reviews (issue 64): who may rate, reply and remove. A rating is for a public character
 * someone else made, by a person who wrote it at least REVIEW_LIMITS.minMessages messages (counted in
 * their own object). The texts passed the one safety gate before they reach here (the routes' schemas).
 */
import type { AppLoadContext } from "react-router";
import { isId } from "~/db/ids";
import { canViewCharacter } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { forbidden, jsonError, notFound } from "~/lib/http/http.server";
import type { ScreenedText } from "~/lib/safety/screened";
import {
  deleteOwnReview,
  findReview,
  listReviews,
  messagesSentTo,
  putReview,
  removeReview,
  replyToReview,
  reviewedCharacter,
  reviewRemoved,
} from "~/models/reviews.server";
import { CHARACTER_MESSAGES } from "~/spec/messages";
import { REVIEW_COPY, REVIEW_LIMITS } from "~/spec/reviews";

type Context = Pick<AppLoadContext, "db" | "env">;

/** The character, if the viewer may see it; 404 otherwise (a private one is not confirmed to exist). */
async function visibleCharacter(context: Context, viewer: SessionUser | null, characterId: string | undefined) {
  const character = isId(characterId) ? await reviewedCharacter(context.db, characterId) : undefined;
  if (!character || !canViewCharacter(viewer, character)) throw notFound(CHARACTER_MESSAGES.notFound);
  return character;
}

/** Rates the character (again): 403 for one's own, a private one, before enough messages, or after a moderator removed the person's review. */
export async function rateCharacter(context: Context, user: SessionUser, characterId: string | undefined, input: { rating: number; text: ScreenedText }) {
  const character = await visibleCharacter(context, user, characterId);
  if (character.userId === user.id) throw forbidden(REVIEW_COPY.ownCharacter);
  if (!character.isPublic) throw forbidden(REVIEW_COPY.onlyPublic);
  const [sent, removed] = await Promise.all([messagesSentTo(context.env, user.id, character.id), reviewRemoved(context.db, character.id, user.id)]);
  if (removed) throw jsonError(403, REVIEW_COPY.cannotRateAgain, { code: "review_removed" });
  if (sent < REVIEW_LIMITS.minMessages) throw jsonError(403, REVIEW_COPY.notYet(character.name, sent), { code: "too_few_messages", sent });
  return await putReview(context.db, { characterId: character.id, userId: user.id, rating: input.rating, text: input.text });
}

/** Deletes the person's own review of a character they can see. */
export async function unrateCharacter(context: Context, user: SessionUser, characterId: string | undefined) {
  const character = await visibleCharacter(context, user, characterId);
  return await deleteOwnReview(context.db, character.id, user.id);
}

/** A page of reviews of a character the viewer can see, with its rating and the viewer's own review. */
export async function characterReviews(context: Context, viewer: SessionUser | null, characterId: string | undefined, page: number) {
  const character = await visibleCharacter(context, viewer, characterId);
  const canRate = !!viewer && viewer.id !== character.userId && !!character.isPublic;
  // How far the viewer is from rating, read in their own object beside the D1 batch (first page only).
  const [list, sent] = await Promise.all([
    listReviews(context.db, character.id, page, viewer?.id ?? null),
    canRate && page === 1 ? messagesSentTo(context.env, viewer.id, character.id) : null,
  ]);
  return {
    ...list,
    /** Whether the viewer is the creator (who may reply), may rate, and how many messages they sent (up to the 5 needed). */
    isCreator: !!viewer && viewer.id === character.userId,
    canRate: canRate && !list.removedByModerator,
    sent,
    minMessages: REVIEW_LIMITS.minMessages,
  };
}

/** The creator's one reply to a review of their character: 403 for anyone else, 409 once replied. */
export async function replyToCharacterReview(context: Context, user: SessionUser, reviewId: string | undefined, reply: ScreenedText) {
  const review = isId(reviewId) ? await findReview(context.db, reviewId) : undefined;
  if (!review || !canViewCharacter(user, { userId: review.creatorId, isPublic: review.isPublic })) throw notFound(REVIEW_COPY.notFound);
  if (review.creatorId !== user.id) throw forbidden(REVIEW_COPY.onlyCreator);
  if (!(await replyToReview(context.db, review.id, reply))) throw jsonError(409, REVIEW_COPY.alreadyReplied, { code: "already_replied" });
  return { replied: true };
}

/** A moderator removes a review (logged). */
export async function removeReviewAsModerator(context: Context, moderator: SessionUser, reviewId: string | undefined, reason: string | undefined) {
  if (!isId(reviewId) || !(await removeReview(context.db, moderator, reviewId, reason))) throw notFound(REVIEW_COPY.notFound);
  return { removed: true };
}

/** A review someone may report: one of a character they can see, not their own. Its copy for Mod Central. */
export async function reportableReview(context: Context, viewer: SessionUser, reviewId: string) {
  const review = await findReview(context.db, reviewId);
  if (!review || review.userId === viewer.id || !canViewCharacter(viewer, { userId: review.creatorId, isPublic: review.isPublic })) return undefined;
  return { ownerId: review.userId, characterId: review.characterId, text: review.text };
}
