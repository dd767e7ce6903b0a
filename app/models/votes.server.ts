import { and, eq, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { characters, favorites, upvotes } from "~/db/schema";

export type VoteKind = "upvote" | "favorite";

/**
 * Flips the user's upvote or favourite on a character they can see (public, or their own). The
 * count moves with the row, in the same statement (triggers of migration 0005), so parallel toggles
 * never count a vote that is not stored. Returns the updated character, or null when there is no
 * such character for this user.
 */
export async function toggleVote(db: Db, userId: string, characterId: string, kind: VoteKind) {
  const visible = await db
    .select({ id: characters.id })
    .from(characters)
    .where(and(eq(characters.id, characterId), or(eq(characters.isPublic, true), eq(characters.userId, userId))))
    .get();
  if (!visible) return null;
  const table = kind === "upvote" ? upvotes : favorites;
  const mine = and(eq(table.userId, userId), eq(table.characterId, characterId));
  const removed = await db.delete(table).where(mine).returning({ userId: table.userId });
  if (!removed.length) await db.insert(table).values({ userId, characterId }).onConflictDoNothing().run();
  const [row, up, fav] = await db.batch([
    db
      .select({ id: characters.id, name: characters.name, points: characters.points, upvotes: characters.upvotes, favorites: characters.favorites })
      .from(characters)
      .where(eq(characters.id, characterId)),
    db
      .select({ userId: upvotes.userId })
      .from(upvotes)
      .where(and(eq(upvotes.userId, userId), eq(upvotes.characterId, characterId))),
    db
      .select({ userId: favorites.userId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.characterId, characterId))),
  ]);
  return { ...row[0], isUpvoted: up.length > 0, isFavorited: fav.length > 0 };
}
