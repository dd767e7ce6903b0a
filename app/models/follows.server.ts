/**
 * Following creators (issue 64). A follow is a row; the creator's follower count moves with it in the
 * same statement (triggers of migration 0025), so parallel follows never miscount, and a count is
 * read without scanning.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { follows, users } from "~/db/schema";

/** The creator's follower count and whether `viewerId` follows them, in one read. */
export async function followState(db: Db, creatorId: string, viewerId: string | null) {
  const row = await db
    .select({
      followers: users.followers,
      following: viewerId ? sql<number>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.creator_id = ${users.id})` : sql<number>`0`,
    })
    .from(users)
    .where(eq(users.id, creatorId))
    .get();
  return row ? { followers: row.followers, following: !!row.following } : null;
}

/** Follows (`on`) or unfollows a creator; doing it twice changes nothing. The state after. */
export async function setFollow(db: Db, followerId: string, creatorId: string, on: boolean) {
  if (on) await db.insert(follows).values({ followerId, creatorId }).onConflictDoNothing().run();
  else
    await db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
      .run();
  return (await followState(db, creatorId, followerId))!;
}

/**
 * Creators to suggest to someone who follows nobody yet: the authors of the characters they chatted
 * with lately (`recentCharacterIds`, latest first), not themselves, not banned, at most `limit`.
 */
export async function suggestedCreators(db: Db, viewerId: string, recentCharacterIds: string[], limit = 6) {
  if (!recentCharacterIds.length) return [];
  const rows = await db.all<{ id: string; name: string | null; image: string | null; followers: number }>(sql`
    select u.id, u.name, u.image, u.followers from json_each(${JSON.stringify(recentCharacterIds)}) r
    join characters c on c.id = r.value and c.is_public = 1
    join users u on u.id = c.user_id and u.is_banned = 0 and u.id != ${viewerId}
    where not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.creator_id = u.id)
    group by u.id order by min(r.key) limit ${limit}`);
  return rows;
}
