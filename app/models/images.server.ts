import { and, desc, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { generatedImages, users } from "~/db/schema";
import type { Picture } from "~/lib/picture";
import { IMAGE_LIMITS } from "~/spec/images";
import { MESSAGES } from "~/spec/messages";

export { chatPicture, type ChatPicture, type Picture } from "~/lib/picture";

const COLUMNS = {
  id: generatedImages.id,
  r2Key: generatedImages.r2Key,
  prompt: generatedImages.prompt,
  negativePrompt: generatedImages.negativePrompt,
  model: generatedImages.model,
  width: generatedImages.width,
  height: generatedImages.height,
  seed: generatedImages.seed,
  isNsfw: generatedImages.isNsfw,
  isShared: generatedImages.isShared,
  messageId: generatedImages.messageId,
  createdAt: generatedImages.createdAt,
};
type Row = Omit<typeof generatedImages.$inferSelect, "userId" | "characterId" | "jobId">;

export const toPicture = ({ r2Key, createdAt, ...row }: Row): Picture => ({ ...row, url: `/media/${r2Key}`, createdAt: createdAt.toISOString() });

/**
 * A user's own pictures, newest first, a page at a time. `before` is the last picture's id of the
 * previous page (a cursor: new pictures do not shift the pages).
 */
export async function listPictures(db: Db, userId: string, before?: string) {
  const cursor = before
    ? await db
        .select({ createdAt: generatedImages.createdAt })
        .from(generatedImages)
        .where(and(eq(generatedImages.id, before), eq(generatedImages.userId, userId)))
        .get()
    : undefined;
  const rows = await db
    .select(COLUMNS)
    .from(generatedImages)
    .where(
      and(
        eq(generatedImages.userId, userId),
        cursor && before
          ? or(lt(generatedImages.createdAt, cursor.createdAt), and(eq(generatedImages.createdAt, cursor.createdAt), lt(generatedImages.id, before)))
          : undefined,
      ),
    )
    .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
    .limit(IMAGE_LIMITS.pageSize + 1)
    .all();
  const page = rows.slice(0, IMAGE_LIMITS.pageSize).map(toPicture);
  return { images: page, next: rows.length > IMAGE_LIMITS.pageSize ? page.at(-1)!.id : null };
}

/** One of the user's own pictures, or undefined. */
export async function findOwnPicture(db: Db, userId: string, id: string) {
  const row = await db
    .select(COLUMNS)
    .from(generatedImages)
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)))
    .get();
  return row ? toPicture(row) : undefined;
}

/** A picture with its owner's id and name, for its page (the permission module decides who may see it). */
export async function findPicturePage(db: Db, id: string) {
  const row = await db
    .select({ ...COLUMNS, userId: generatedImages.userId, authorName: users.name })
    .from(generatedImages)
    .innerJoin(users, eq(users.id, generatedImages.userId))
    .where(eq(generatedImages.id, id))
    .get();
  if (!row) return undefined;
  const { authorName, userId, ...picture } = row;
  return { ...toPicture(picture), userId, authorName: authorName ?? MESSAGES.character.unknownAuthor };
}

/** Shares a picture or takes it back; false when it is not the user's. */
export async function setShared(db: Db, userId: string, id: string, shared: boolean) {
  const changed = await db
    .update(generatedImages)
    .set({ isShared: shared })
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)))
    .returning({ id: generatedImages.id });
  return changed.length > 0;
}

/** Puts a user's picture into a chat, under the message it names (the last one on screen); false when it is not theirs. */
export async function attachToChat(db: Db, userId: string, id: string, to: { characterId: string; messageId: string }) {
  const changed = await db
    .update(generatedImages)
    .set(to)
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)))
    .returning({ id: generatedImages.id });
  return changed.length > 0;
}

/** Deletes a user's picture: the row, then its file in R2. False when it is not theirs. */
export async function deletePicture(db: Db, media: R2Bucket, userId: string, id: string) {
  const [row] = await db
    .delete(generatedImages)
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)))
    .returning({ r2Key: generatedImages.r2Key });
  if (!row) return false;
  await media.delete(row.r2Key);
  return true;
}

/** The pictures of a user's chat with a character (for a batch): each belongs to its message. */
export const chatPicturesQuery = (db: Db, userId: string, characterId: string) =>
  db
    .select(COLUMNS)
    .from(generatedImages)
    .where(and(eq(generatedImages.userId, userId), eq(generatedImages.characterId, characterId), isNotNull(generatedImages.messageId)))
    .orderBy(generatedImages.createdAt);

/** The pictures of some of a user's messages (a group's on screen, at most 100 ids a statement), each with its message. */
export const messagePicturesQuery = (db: Db, userId: string, messageIds: string[]) =>
  db
    .select(COLUMNS)
    .from(generatedImages)
    .where(and(eq(generatedImages.userId, userId), inArray(generatedImages.messageId, messageIds.slice(0, 90))))
    .orderBy(generatedImages.createdAt);

/** The picture a job already made (a retry after its row was written), or undefined. */
export const pictureOfJob = (db: Db, jobId: string) =>
  db.select({ id: generatedImages.id, r2Key: generatedImages.r2Key }).from(generatedImages).where(eq(generatedImages.jobId, jobId)).get();

/** Records a picture a job made. */
export async function insertPicture(db: Db, row: typeof generatedImages.$inferInsert) {
  await db.insert(generatedImages).values(row).run();
}
