/**
 * Ratings and reviews of public characters (issue 64). One row per person and character; the
 * character's `rating_count` and `rating_sum` move in the same statement as each rating, change and
 * removal (triggers of migration 0026), so the average is read without scanning and stays exact
 * under parallel rates. The creator replies once; a moderator's removal is logged with the removal,
 * and its author can't rate that character again (removed_reviews).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, removedReviews, reports, reviews } from "~/db/schema";
import type { ScreenedText } from "~/lib/safety/screened";
import { censor } from "~/lib/safety/words";
import { MESSAGES } from "~/spec/messages";
import { REVIEW_LIMITS } from "~/spec/reviews";
import { logLine, type Moderator } from "./moderation.server";
import { oneCall, userStore } from "./user-store.server";

/** A character's average (one decimal is shown) and count, from its row's kept sums. */
export const ratingOf = (row: { ratingCount: number; ratingSum: number }) => ({
  count: row.ratingCount,
  average: row.ratingCount ? Math.round((row.ratingSum / row.ratingCount) * 100) / 100 : 0,
});

/** What a rating is checked against: the character's owner, visibility and name. */
export const reviewedCharacter = (db: Db, characterId: string) =>
  db
    .select({ id: characters.id, name: characters.name, userId: characters.userId, isPublic: characters.isPublic })
    .from(characters)
    .where(eq(characters.id, characterId))
    .get();

/** How many messages the person wrote to the character, counted up to what a rating needs (from their own object). */
export const messagesSentTo = (env: Pick<Env, "USER_STORE">, userId: string, characterId: string) =>
  oneCall(userStore(env, userId).chats(userId)).sentTo(characterId, REVIEW_LIMITS.minMessages);

/** Rates (or re-rates) the character; the text replaces the last one. The character's rating after. */
export async function putReview(db: Db, input: { characterId: string; userId: string; rating: number; text: ScreenedText }) {
  const now = new Date();
  const [, row] = await db.batch([
    db
      .insert(reviews)
      .values({ characterId: input.characterId, userId: input.userId, rating: input.rating, text: input.text, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [reviews.characterId, reviews.userId], set: { rating: input.rating, text: input.text, updatedAt: now } }),
    db.select({ ratingCount: characters.ratingCount, ratingSum: characters.ratingSum }).from(characters).where(eq(characters.id, input.characterId)),
  ]);
  return ratingOf(row[0] ?? { ratingCount: 0, ratingSum: 0 });
}

/** Whether a moderator removed the person's review of the character (they can't rate it again). */
export const reviewRemoved = async (db: Db, characterId: string, userId: string) =>
  !!(await db
    .select({ at: removedReviews.removedAt })
    .from(removedReviews)
    .where(and(eq(removedReviews.characterId, characterId), eq(removedReviews.userId, userId)))
    .get());

/** Deletes the person's own review; deleting twice changes nothing. The character's rating after. */
export async function deleteOwnReview(db: Db, characterId: string, userId: string) {
  const [, row] = await db.batch([
    db.delete(reviews).where(and(eq(reviews.characterId, characterId), eq(reviews.userId, userId))),
    db.select({ ratingCount: characters.ratingCount, ratingSum: characters.ratingSum }).from(characters).where(eq(characters.id, characterId)),
  ]);
  return ratingOf(row[0] ?? { ratingCount: 0, ratingSum: 0 });
}

type ReviewRow = {
  id: string;
  rating: number;
  text: string;
  reply: string | null;
  repliedAt: number | null;
  createdAt: number;
  updatedAt: number;
  authorId: string;
  authorName: string | null;
  authorImage: string | null;
  creatorName: string | null;
};

const toReview = (row: ReviewRow, viewerId: string | null) => ({
  id: row.id,
  rating: row.rating,
  text: censor(row.text),
  reply: row.reply ? censor(row.reply) : null,
  repliedAt: row.repliedAt ? new Date(row.repliedAt).toISOString() : null,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
  author: { id: row.authorId, name: row.authorName ?? MESSAGES.character.unknownAuthor, image: row.authorImage },
  creatorName: row.creatorName ?? MESSAGES.character.unknownAuthor,
  isMine: row.authorId === viewerId,
});
export type Review = ReturnType<typeof toReview>;

/**
 * A page of a character's reviews, newest first (banned people's left out), and the viewer's own on
 * the first page, with the character's rating and whether a moderator removed the viewer's review:
 * four statements sent at once (one round trip's time).
 */
export async function listReviews(db: Db, characterId: string, page: number, viewerId: string | null) {
  const select = sql`select r.id, r.rating, r.text, r.reply, r.replied_at as repliedAt, r.created_at as createdAt, r.updated_at as updatedAt,
    u.id as authorId, u.name as authorName, u.image as authorImage, cu.name as creatorName
    from ${reviews} r join users u on u.id = r.user_id join ${characters} c on c.id = r.character_id left join users cu on cu.id = c.user_id`;
  const [rows, mine, rating, removed] = await Promise.all([
    db.all<ReviewRow>(sql`${select} where r.character_id = ${characterId} and u.is_banned = 0
      order by r.updated_at desc, r.id desc limit ${REVIEW_LIMITS.pageSize + 1} offset ${(page - 1) * REVIEW_LIMITS.pageSize}`),
    db.all<ReviewRow>(sql`${select} where r.character_id = ${characterId} and r.user_id = ${viewerId ?? ""}`),
    db.select({ ratingCount: characters.ratingCount, ratingSum: characters.ratingSum }).from(characters).where(eq(characters.id, characterId)),
    viewerId ? reviewRemoved(db, characterId, viewerId) : false,
  ]);
  return {
    rating: ratingOf(rating[0] ?? { ratingCount: 0, ratingSum: 0 }),
    /** A moderator removed the viewer's review: they can't rate again. */
    removedByModerator: removed,
    mine: mine[0] ? toReview(mine[0], viewerId) : null,
    reviews: rows.slice(0, REVIEW_LIMITS.pageSize).map((r) => toReview(r, viewerId)),
    page,
    hasNext: rows.length > REVIEW_LIMITS.pageSize,
  };
}

/** A review with its character's owner: what a reply, a report or a removal is checked against. */
export const findReview = (db: Db, reviewId: string) =>
  db
    .select({
      id: reviews.id,
      characterId: reviews.characterId,
      userId: reviews.userId,
      text: reviews.text,
      reply: reviews.reply,
      creatorId: characters.userId,
      isPublic: characters.isPublic,
      characterName: characters.name,
    })
    .from(reviews)
    .innerJoin(characters, eq(characters.id, reviews.characterId))
    .where(eq(reviews.id, reviewId))
    .get();

/** The creator's one reply: false when a reply is there already (two replies at once: one wins). */
export async function replyToReview(db: Db, reviewId: string, reply: ScreenedText) {
  const rows = await db
    .update(reviews)
    .set({ reply, repliedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/**
 * A moderator removes a review: the review, its author barred from rating the character again, its
 * open reports resolved and the log line, in one batch.
 * False when it is gone already.
 */
export async function removeReview(db: Db, moderator: Moderator, reviewId: string, reason: string | undefined) {
  const review = await findReview(db, reviewId);
  if (!review) return false;
  await db.batch([
    db.delete(reviews).where(eq(reviews.id, reviewId)),
    db.insert(removedReviews).values({ characterId: review.characterId, userId: review.userId }).onConflictDoNothing(),
    db
      .update(reports)
      .set({ status: "resolved", resolution: "delete", resolvedBy: moderator.id, resolvedAt: new Date() })
      .where(and(eq(reports.targetType, "review"), eq(reports.targetId, reviewId), eq(reports.status, "open"))),
    logLine(db, moderator, { action: "review.remove", targetType: "review", targetId: reviewId, targetLabel: `A review of ${review.characterName}`, reason }),
  ]);
  return true;
}
