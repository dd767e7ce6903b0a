/**
 * The bell's notifications (issue 64). Triggers write them where things happen (a review, a reply;
 * migration 0029), a moderator's decision adds one in its batch, and a followed creator's new
 * character reaches the followers through the notify-followers job, a page at a time.
 * Reading and marking read are here; the unread count on the user row moves with them (triggers).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifications, users } from "~/db/schema";
import { censor } from "~/lib/safety/words";

export const NOTIFICATIONS_PAGE = 20;

type Row = {
  id: string;
  kind: "review" | "reply" | "new_character" | "moderation";
  characterId: string | null;
  label: string;
  detail: string | null;
  readAt: number | null;
  createdAt: number;
  actorName: string | null;
};

/**
 * A page of the person's notifications, newest first, after the cursor (`createdAt:id` of the last
 * one shown), with who did each; and their unread count. One round trip.
 */
export async function listNotifications(db: Db, userId: string, before: { at: number; id: string } | null) {
  const after = before ? sql`and (n.created_at < ${before.at} or (n.created_at = ${before.at} and n.id < ${before.id}))` : sql``;
  const [rows, unread] = await Promise.all([
    db.all<Row>(sql`select n.id, n.kind, n.character_id as characterId, n.label, n.detail, n.read_at as readAt, n.created_at as createdAt, u.name as actorName
      from notifications n left join users u on u.id = n.actor_id
      where n.user_id = ${userId} ${after} order by n.created_at desc, n.id desc limit ${NOTIFICATIONS_PAGE + 1}`),
    db.select({ unread: users.unreadNotifications }).from(users).where(eq(users.id, userId)).get(),
  ]);
  const items = rows.slice(0, NOTIFICATIONS_PAGE).map((r) => ({
    id: r.id,
    kind: r.kind,
    characterId: r.characterId,
    label: censor(r.label),
    detail: r.detail,
    actorName: r.actorName ? censor(r.actorName) : null,
    read: r.readAt !== null,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  const last = rows[NOTIFICATIONS_PAGE - 1];
  return { items, unread: unread?.unread ?? 0, next: rows.length > NOTIFICATIONS_PAGE && last ? `${last.createdAt}:${last.id}` : null };
}
export type NotificationItem = Awaited<ReturnType<typeof listNotifications>>["items"][number];

/** Marks the person's notifications read (these, or all); the unread count after. */
export async function markNotificationsRead(db: Db, userId: string, ids: string[] | "all") {
  const which = ids === "all" ? undefined : inArray(notifications.id, ids);
  const [, row] = await db.batch([
    db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), which)),
    db.select({ unread: users.unreadNotifications }).from(users).where(eq(users.id, userId)),
  ]);
  return { unread: row[0]?.unread ?? 0 };
}

/** Followers told per statement when a character is first published (decision 095). */
export const FOLLOWER_NOTICES_PAGE = 1_000;

/**
 * Tells the next page of a creator's followers (after the `after` follower id) that their character
 * was published, dated when it was released; a follower told already is skipped, so a page written
 * twice (a retried job) tells nobody twice. Answers the page's last follower id, or null at the end.
 * A character made private again meanwhile tells the rest nobody. Two statements at once.
 */
export async function notifyFollowersPage(db: Db, characterId: string, after: string) {
  const page = sql`from follows f join characters c on c.id = ${characterId} and f.creator_id = c.user_id
    where c.is_public = 1 and f.follower_id > ${after} order by f.follower_id`;
  const [, last] = await Promise.all([
    db.run(sql`insert or ignore into notifications (id, user_id, kind, character_id, actor_id, label, created_at)
      select lower(hex(randomblob(8))), f.follower_id, 'new_character', c.id, c.user_id, c.name, coalesce(c.release_date, unixepoch() * 1000)
      ${page} limit ${FOLLOWER_NOTICES_PAGE}`),
    db.all<{ followerId: string }>(sql`select f.follower_id as followerId ${page} limit 1 offset ${FOLLOWER_NOTICES_PAGE - 1}`),
  ]);
  return last[0]?.followerId ?? null;
}
