/**
 * Reports, the moderation queue, bans and the append-only moderation log (decision 021). Every
 * moderator action and its log line are written in one batch, so there is no action without its line.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import {
  characterContentTags,
  characters,
  characterTags,
  contentTags,
  moderationLog,
  notifications,
  reports,
  reviews,
  tags,
  users,
  type ModerationLock,
} from "~/db/schema";
import { canViewCharacter } from "~/lib/auth/capabilities";
import { thumbnailUrl } from "~/lib/http/media.server";
import { endSessionsInStore, findOwnMessage, redactMessage } from "./chat.server";
import { MODERATION_LIMITS, MODERATION_MESSAGES, type ReportReason, type ResolveAction } from "~/spec/moderation";
import { MESSAGES } from "~/spec/messages";

/** Who acts: their id and the name the log keeps for them; `administer` for the one admin's powers. */
export type Moderator = { id: string; name: string | null; email: string };
type Actor = Moderator & { administer: boolean };
type Target = { targetType: "character" | "message" | "review"; targetId: string };
/** A reported message as the report keeps it: its text, its chat's owner and character (decision 027). */
type MessageCopy = { ownerId: string; characterId: string; text: string };

/**
 * A user's report; false when they reported this object before (one report per person and object). A
 * message's report carries a copy of it, so Mod Central never reads anyone's chats.
 */
export async function createReport(db: Db, reporterId: string, input: Target & { reason: ReportReason; note?: string; copy?: MessageCopy }) {
  const rows = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: input.reason,
      details: input.note || null,
      targetOwnerId: input.copy?.ownerId ?? null,
      targetCharacterId: input.copy?.characterId ?? null,
      targetText: input.copy?.text ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** The safety check's own report of a character (an edit it refused), unless one is open already. */
export async function reportRefusedEdit(db: Db, characterId: string, details: string) {
  await db.run(sql`
    insert into ${reports} (id, reporter_id, source, target_type, target_id, reason, details)
    select ${createId()}, null, 'safety', 'character', ${characterId}, 'minor', ${details}
    where not exists (select 1 from ${reports} where source = 'safety' and target_type = 'character' and target_id = ${characterId} and status = 'open')`);
}

/** A character the reporter may report: one they can see. */
export async function reportableCharacter(db: Db, viewer: { id: string; isModerator: boolean }, characterId: string) {
  const row = await db
    .select({ id: characters.id, userId: characters.userId, isPublic: characters.isPublic })
    .from(characters)
    .where(eq(characters.id, characterId))
    .get();
  return row && canViewCharacter(viewer, row) ? row : undefined;
}

/** A message the reporter may report (a character's message in one of their own chats), as its report copies it. */
export async function reportableMessage(env: Pick<Env, "USER_STORE">, userId: string, messageId: string): Promise<MessageCopy | undefined> {
  const found = await findOwnMessage({ env, userId }, messageId);
  return found?.role === "character" ? { ownerId: userId, characterId: found.characterId, text: found.content } : undefined;
}

/**
 * The open reports grouped per object, worst first: objects the safety check flagged, then those
 * more people reported, then the oldest; the first 100. Grouping, order and limit are one query, so
 * however many reports are open, the page reads a fixed amount. Each group carries a preview.
 */
export async function reportQueue(db: Db) {
  // The worst 100 objects, as a subquery each statement repeats: no list of ids is ever bound
  // (D1 takes at most 100 parameters a statement).
  const top = sql`select target_type, target_id, min(id) as id, count(*) as count, max(source = 'safety') as flagged, max(source = 'appeal') as appeal, min(created_at) as first_at
    from ${reports} where status = 'open' and target_type in ('character', 'message', 'review')
    group by target_type, target_id order by flagged desc, count desc, first_at asc limit ${MODERATION_LIMITS.queueMax}`;
  const [groups, reasonRows, messageRows, characterRows, tagRows] = await Promise.all([
    db.all<{ targetType: Target["targetType"]; targetId: string; id: string; count: number; flagged: number; appeal: number; firstAt: number }>(sql`
      select target_type as targetType, target_id as targetId, id, count, flagged, appeal, first_at as firstAt from (${top})`),
    db.all<{ targetType: string; targetId: string; reason: string; note: string | null }>(sql`
      select target_type as targetType, target_id as targetId, reason, details as note from (
        select r.*, row_number() over (partition by r.target_type, r.target_id order by r.created_at) as n
        from ${reports} r join (${top}) t on t.target_type = r.target_type and t.target_id = r.target_id
        where r.status = 'open'
      ) where n <= 20`),
    // A reported message or review is read from its report's copy (the first report that has one).
    db.all<{ id: string; content: string; characterId: string }>(sql`
      select t.target_id as id,
        (select r.target_text from ${reports} r where r.target_type = t.target_type and r.target_id = t.target_id and r.target_text is not null order by r.created_at limit 1) as content,
        (select r.target_character_id from ${reports} r where r.target_type = t.target_type and r.target_id = t.target_id and r.target_character_id is not null order by r.created_at limit 1) as characterId
      from (${top}) t where t.target_type in ('message', 'review')`),
    db.all<{
      id: string;
      name: string;
      persona: string;
      greeting: string;
      thumbnail: string | null;
      isPublic: number;
      isNsfwThumbnail: number;
      authorId: string | null;
      authorName: string | null;
      authorEmail: string | null;
      authorBanned: number | null;
      lock: string | null;
    }>(sql`
      select c.id, c.name, c.persona, c.greeting, c.thumbnail, c.is_public as isPublic, c.is_nsfw_thumbnail as isNsfwThumbnail, c.moderation_lock as lock,
        c.user_id as authorId, u.name as authorName, u.email as authorEmail, u.is_banned as authorBanned
      from ${characters} c left join ${users} u on u.id = c.user_id
      where c.id in (
        select target_id from (${top}) where target_type = 'character'
        union select r.target_character_id from (${top}) t join ${reports} r on r.target_type = t.target_type and r.target_id = t.target_id and t.target_type in ('message', 'review') where r.target_character_id is not null
      )`),
    db.all<{ characterId: string; name: string; content: number }>(sql`
      select ct.character_id as characterId, t.name as name, 0 as content from ${characterTags} ct join ${tags} t on t.id = ct.tag_id
      where ct.character_id in (select target_id from (${top}) where target_type = 'character')
      union all
      select cc.character_id, t.name, 1 from ${characterContentTags} cc join ${contentTags} t on t.id = cc.content_tag_id
      where cc.character_id in (select target_id from (${top}) where target_type = 'character')`),
  ]);
  const preview = (id: string | undefined) => {
    const c = characterRows.find((r) => r.id === id);
    if (!c) return null;
    const { thumbnail, lock, ...rest } = c;
    const own = tagRows.filter((t) => t.characterId === c.id);
    return {
      ...rest,
      isPublic: !!c.isPublic,
      isNsfwThumbnail: !!c.isNsfwThumbnail,
      authorBanned: !!c.authorBanned,
      thumbnailUrl: thumbnailUrl(thumbnail),
      tags: own.filter((t) => !t.content).map((t) => t.name),
      contentTags: own.filter((t) => t.content).map((t) => t.name),
      lock: lock ? (JSON.parse(lock) as ModerationLock) : null,
    };
  };
  return groups.map((g) => {
    const message = g.targetType !== "character" ? messageRows.find((m) => m.id === g.targetId) : undefined;
    return {
      id: g.id,
      targetType: g.targetType,
      targetId: g.targetId,
      flagged: !!g.flagged,
      appeal: !!g.appeal,
      count: g.count,
      firstAt: new Date(g.firstAt).toISOString(),
      reasons: reasonRows.filter((r) => r.targetType === g.targetType && r.targetId === g.targetId).map((r) => ({ reason: r.reason, note: r.note })),
      character: preview(message ? message.characterId : g.targetId),
      message: message ? { content: message.content } : null,
    };
  });
}
export type QueueItem = Awaited<ReturnType<typeof reportQueue>>[number];

/** One log line's insert (always batched with the action it records; announcements use it too). */
export const logLine = (
  db: Db,
  moderator: Moderator,
  line: { action: string; targetType: string; targetId: string; targetLabel: string; reason?: string | null },
) =>
  db.insert(moderationLog).values({
    moderatorId: moderator.id,
    moderatorLabel: moderator.name || moderator.email,
    ...line,
    reason: line.reason || null,
    createdAt: new Date(),
  });

/** Adds one part to a character's takedown, keeping the others: `{ private | nsfw | tags: note }`. */
const lockPart = (part: keyof ModerationLock, note: string | undefined) =>
  sql`json_set(coalesce(${characters.moderationLock}, '{}'), ${`$.${part}`}, ${note ?? ""})`;

/**
 * Resolves every open report of the object `reportId` is about, with `action` applied to it: a
 * character is dismissed, made private, deleted, has its thumbnail marked NSFW or its tags set
 * (`tags`), or has its takedown lifted; a message is dismissed or deleted. Making private, marking
 * NSFW and setting tags hold: the owner cannot undo them (characters.moderation_lock) until a
 * moderator lifts them. Null when the report is not open; "invalid" for an action the object cannot take.
 */
export async function resolveReport(
  db: Db,
  env: Pick<Env, "MEDIA" | "USER_STORE">,
  moderator: Moderator,
  reportId: string,
  action: ResolveAction,
  note?: string,
  tagStatements?: (id: string) => Promise<readonly unknown[]>,
) {
  const report = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .get();
  if (!report) return null;
  if (report.targetType !== "character" && action !== "dismiss" && action !== "delete") return "invalid" as const;
  const target = and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.status, "open"));
  const character =
    report.targetType === "character"
      ? await db
          .select({
            name: characters.name,
            ownerId: characters.userId,
            thumbnail: characters.thumbnail,
            voice: characters.voiceSampleFile,
            lock: characters.moderationLock,
          })
          .from(characters)
          .where(eq(characters.id, report.targetId))
          .get()
      : undefined;
  if (action === "lift" && !character?.lock) return "invalid" as const;
  if (action === "tags" && !(character && tagStatements)) return "invalid" as const;
  const label = character?.name ?? (report.targetType === "message" ? "a chat message" : report.targetType === "review" ? "a review" : "a deleted character");
  const statements: unknown[] = [
    db
      .update(reports)
      .set({ status: action === "dismiss" ? "dismissed" : "resolved", resolution: action, resolvedBy: moderator.id, resolvedAt: new Date() })
      .where(target),
    logLine(db, moderator, { action: `report.${action}`, targetType: report.targetType, targetId: report.targetId, targetLabel: label, reason: note }),
  ];
  if (report.targetType === "character" && character) {
    const update = (set: Record<string, unknown>) =>
      db
        .update(characters)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(characters.id, report.targetId));
    if (action === "unpublish") statements.push(update({ isPublic: false, moderationLock: lockPart("private", note) }));
    if (action === "nsfw") statements.push(update({ isNsfwThumbnail: true, moderationLock: lockPart("nsfw", note) }));
    if (action === "tags") statements.push(update({ moderationLock: lockPart("tags", note) }), ...(await tagStatements!(report.targetId)));
    if (action === "lift") statements.push(update({ moderationLock: null }));
    if (action === "delete") statements.push(db.delete(characters).where(eq(characters.id, report.targetId)));
    // The owner hears of a decision that changed their character (issue 64's bell).
    if (action !== "dismiss" && character.ownerId)
      statements.push(
        db.insert(notifications).values({
          userId: character.ownerId,
          kind: "moderation",
          characterId: report.targetId,
          label: character.name,
          detail: action,
          createdAt: new Date(),
        }),
      );
  }
  // A review is removed whole (its rating leaves the character's average by trigger, issue 64).
  if (report.targetType === "review" && action === "delete") statements.push(db.delete(reviews).where(eq(reviews.id, report.targetId)));
  // A message's text is removed, not the message: the replies under it keep their place in its owner's
  // chat, which lives in the owner's object. It goes first: should it fail, the report stays open.
  if (report.targetType === "message" && action === "delete" && report.targetOwnerId)
    await redactMessage({ env, userId: report.targetOwnerId }, report.targetId, MODERATION_MESSAGES.removedMessage);
  await db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  if (action === "delete" && character) {
    const keys = [character.thumbnail, character.voice].filter((k): k is string => !!k);
    if (keys.length) await env.MEDIA.delete(keys);
  }
  return report.targetType;
}

/**
 * The owner's appeal of a takedown: a report about their own character that Mod Central shows as an
 * appeal. One open at a time; a later appeal (after an earlier one was answered) opens it again.
 * "nothing" when no part of the character is held; false when an appeal is open already.
 */
export async function appealTakedown(db: Db, ownerId: string, characterId: string, message: string) {
  const row = await db.select({ lock: characters.moderationLock }).from(characters).where(eq(characters.id, characterId)).get();
  if (!row?.lock) return "nothing" as const;
  const rows = await db.all<{ id: string }>(sql`
    insert into ${reports} (id, reporter_id, source, target_type, target_id, reason, details, status, created_at)
    values (${createId()}, ${ownerId}, 'appeal', 'character', ${characterId}, 'appeal', ${message}, 'open', ${Date.now()})
    on conflict (reporter_id, target_type, target_id) do update set
      source = 'appeal', reason = 'appeal', details = excluded.details, status = 'open', created_at = excluded.created_at,
      resolution = null, resolved_by = null, resolved_at = null
    where ${reports.status} <> 'open'
    returning id`);
  return rows.length > 0;
}

/**
 * Bans or unbans a user, with the reason, in one batch with its log line. "gone" when there is no
 * such user; "forbidden" for a moderator or the admin, whom only the admin may ban or unban.
 */
export async function setBanned(
  db: Db,
  env: Pick<Env, "USER_STORE">,
  actor: Actor,
  userId: string,
  banned: boolean,
  reason: string | null,
  adminUserId: string,
) {
  const user = await db
    .select({ id: users.id, name: users.name, email: users.email, isModerator: users.isModerator })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) return "gone" as const;
  if ((user.isModerator || user.id === adminUserId) && !actor.administer) return "forbidden" as const;
  await db.batch([
    db
      .update(users)
      .set({ isBanned: banned, banReason: banned ? reason : null, updatedAt: new Date() })
      .where(eq(users.id, userId)),
    logLine(db, actor, { action: banned ? "user.ban" : "user.unban", targetType: "user", targetId: userId, targetLabel: user.name || user.email, reason }),
  ]);
  // A ban ends at once what the person's sessions hold open (live chats, a reply's stream; issue 58).
  if (banned) await endSessionsInStore({ env, userId }, "all");
  return true;
}

/** Users by email, name (contains) or id (exact), with their characters and the open reports about those. */
export async function searchUsers(db: Db, query: string) {
  const q = query.trim();
  if (!q) return [];
  const pattern = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const found = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      tier: users.tier,
      isBanned: users.isBanned,
      banReason: users.banReason,
      isModerator: users.isModerator,
    })
    .from(users)
    .where(or(eq(users.id, q), sql`${users.email} like ${pattern} escape '\\'`, sql`${users.name} like ${pattern} escape '\\'`))
    .orderBy(asc(users.email))
    .limit(MODERATION_LIMITS.searchMax);
  if (!found.length) return [];
  const ids = found.map((u) => u.id);
  const owned = await db
    .select({ id: characters.id, name: characters.name, userId: characters.userId, isPublic: characters.isPublic })
    .from(characters)
    .where(inArray(characters.userId, ids))
    .orderBy(desc(characters.updatedAt))
    .limit(200);
  const reported = owned.length
    ? await db
        .select({ targetId: reports.targetId, n: sql<number>`count(*)` })
        .from(reports)
        .where(
          and(
            eq(reports.status, "open"),
            eq(reports.targetType, "character"),
            inArray(
              reports.targetId,
              owned.map((c) => c.id),
            ),
          ),
        )
        .groupBy(reports.targetId)
    : [];
  return found.map((u) => ({
    ...u,
    characters: owned
      .filter((c) => c.userId === u.id)
      .slice(0, 20)
      .map((c) => ({ id: c.id, name: c.name, isPublic: c.isPublic, openReports: reported.find((r) => r.targetId === c.id)?.n ?? 0 })),
  }));
}
export type FoundUser = Awaited<ReturnType<typeof searchUsers>>[number];

/** The log, newest first (insertion order: SQLite's rowid); `before` (a log id) pages back. */
export async function auditLog(db: Db, before?: string) {
  const rowid = sql<number>`${moderationLog}.rowid`;
  const cursor = before ? await db.select({ rowid }).from(moderationLog).where(eq(moderationLog.id, before)).get() : undefined;
  const rows = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      targetLabel: moderationLog.targetLabel,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
      moderatorLabel: moderationLog.moderatorLabel,
    })
    .from(moderationLog)
    .where(cursor ? sql`${rowid} < ${cursor.rowid}` : undefined)
    .orderBy(desc(rowid))
    .limit(MODERATION_LIMITS.auditPage + 1);
  const page = rows
    .slice(0, MODERATION_LIMITS.auditPage)
    .map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), moderator: r.moderatorLabel || MESSAGES.character.unknownAuthor }));
  return { entries: page, next: rows.length > MODERATION_LIMITS.auditPage ? page.at(-1)!.id : null };
}
export type AuditEntry = Awaited<ReturnType<typeof auditLog>>["entries"][number];
