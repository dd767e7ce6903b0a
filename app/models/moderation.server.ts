/**
 * Reports, the moderation queue, bans and the append-only moderation log (decision 021). Every
 * moderator action and its log line are written in one batch, so there is no action without its line.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createId } from "~/db/ids";
import { characters, characterTags, messages, moderationLog, reports, savedChats, tags, users } from "~/db/schema";
import { canViewCharacter } from "~/lib/auth/capabilities";
import { thumbnailUrl } from "~/lib/http/media.server";
import { MODERATION_LIMITS, type ReportReason, type ResolveAction } from "~/spec/moderation";

type Moderator = { id: string };
type Target = { targetType: "character" | "message"; targetId: string };

/** A user's report; false when they reported this object before (one report per person and object). */
export async function createReport(db: Db, reporterId: string, input: Target & { reason: ReportReason; note?: string }) {
  const rows = await db
    .insert(reports)
    .values({ reporterId, targetType: input.targetType, targetId: input.targetId, reason: input.reason, details: input.note || null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** The safety check's own report of a character (an edit it refused), unless one is open already. */
export async function reportRefusedEdit(db: Db, characterId: string, details: string) {
  await db.run(sql`
    insert into ${reports} (id, reporter_id, target_type, target_id, reason, details)
    select ${createId()}, null, 'character', ${characterId}, 'minor', ${details}
    where not exists (select 1 from ${reports} where reporter_id is null and target_type = 'character' and target_id = ${characterId} and status = 'open')`);
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

/** A message the reporter may report: a character's message in one of their own chats. */
export function reportableMessage(db: Db, userId: string, messageId: string) {
  return db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(savedChats, eq(savedChats.id, messages.chatId))
    .where(and(eq(messages.id, messageId), eq(savedChats.userId, userId), eq(messages.role, "character")))
    .get();
}

/**
 * The open reports grouped per object, worst first: objects the safety check flagged, then those
 * more people reported, then the oldest. Each group carries a preview of its object.
 */
export async function reportQueue(db: Db) {
  const open = await db
    .select()
    .from(reports)
    .where(and(eq(reports.status, "open"), inArray(reports.targetType, ["character", "message"])))
    .orderBy(asc(reports.createdAt))
    .limit(1000);
  const groups = new Map<string, { targetType: "character" | "message"; targetId: string; reports: typeof open }>();
  for (const r of open) {
    const key = `${r.targetType}:${r.targetId}`;
    if (!groups.has(key)) groups.set(key, { targetType: r.targetType as Target["targetType"], targetId: r.targetId, reports: [] });
    groups.get(key)!.reports.push(r);
  }
  const messageIds = [...groups.values()].filter((g) => g.targetType === "message").map((g) => g.targetId);
  const messageRows = messageIds.length
    ? await db
        .select({ id: messages.id, content: messages.content, characterId: savedChats.characterId })
        .from(messages)
        .innerJoin(savedChats, eq(savedChats.id, messages.chatId))
        .where(inArray(messages.id, messageIds))
    : [];
  const characterIds = [
    ...new Set([...[...groups.values()].filter((g) => g.targetType === "character").map((g) => g.targetId), ...messageRows.map((m) => m.characterId)]),
  ];
  const [characterRows, tagRows] = characterIds.length
    ? await db.batch([
        db
          .select({
            id: characters.id,
            name: characters.name,
            persona: characters.persona,
            greeting: characters.greeting,
            thumbnail: characters.thumbnail,
            isPublic: characters.isPublic,
            isNsfwThumbnail: characters.isNsfwThumbnail,
            authorId: characters.userId,
            // Aliased: D1 batches map columns by name, and users.name would overwrite characters.name.
            authorName: sql<string | null>`${users.name}`.as("author_name"),
            authorEmail: sql<string | null>`${users.email}`.as("author_email"),
            authorBanned: sql<number | null>`${users.isBanned}`.as("author_banned"),
          })
          .from(characters)
          .leftJoin(users, eq(users.id, characters.userId))
          .where(inArray(characters.id, characterIds)),
        db
          .select({ characterId: characterTags.characterId, name: tags.name })
          .from(characterTags)
          .innerJoin(tags, eq(tags.id, characterTags.tagId))
          .where(inArray(characterTags.characterId, characterIds)),
      ])
    : [[], []];
  const preview = (id: string | undefined) => {
    const c = characterRows.find((r) => r.id === id);
    return c
      ? {
          ...c,
          authorBanned: !!c.authorBanned,
          thumbnailUrl: thumbnailUrl(c.thumbnail),
          tags: tagRows.filter((t) => t.characterId === c.id).map((t) => t.name),
          thumbnail: undefined,
        }
      : null;
  };
  return [...groups.values()]
    .map((g) => {
      const message = g.targetType === "message" ? messageRows.find((m) => m.id === g.targetId) : undefined;
      return {
        id: g.reports[0].id,
        targetType: g.targetType,
        targetId: g.targetId,
        flagged: g.reports.some((r) => r.reporterId === null),
        count: g.reports.length,
        firstAt: g.reports[0].createdAt.toISOString(),
        reasons: g.reports.map((r) => ({ reason: r.reason, note: r.details })),
        character: preview(message ? message.characterId : g.targetId),
        message: message ? { content: message.content } : null,
      };
    })
    .sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.count - a.count || a.firstAt.localeCompare(b.firstAt))
    .slice(0, MODERATION_LIMITS.queueMax);
}
export type QueueItem = Awaited<ReturnType<typeof reportQueue>>[number];

/** One log line's insert (always batched with the action it records). */
const logLine = (db: Db, moderator: Moderator, line: { action: string; targetType: string; targetId: string; targetLabel: string; reason?: string | null }) =>
  db.insert(moderationLog).values({ moderatorId: moderator.id, ...line, reason: line.reason || null, createdAt: new Date() });

/**
 * Resolves every open report of the object `reportId` is about, with `action` applied to it: a
 * character is dismissed, made private, deleted or has its thumbnail marked NSFW; a message is
 * dismissed or deleted. Null when the report is not open; "invalid" for an action the object cannot take.
 */
export async function resolveReport(db: Db, media: R2Bucket, moderator: Moderator, reportId: string, action: ResolveAction, note?: string) {
  const report = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .get();
  if (!report) return null;
  if (report.targetType === "message" && action !== "dismiss" && action !== "delete") return "invalid" as const;
  const target = and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.status, "open"));
  const character =
    report.targetType === "character"
      ? await db
          .select({ name: characters.name, thumbnail: characters.thumbnail, voice: characters.voiceSampleFile })
          .from(characters)
          .where(eq(characters.id, report.targetId))
          .get()
      : undefined;
  const label = character?.name ?? (report.targetType === "message" ? "a chat message" : "a deleted character");
  const statements = [
    db
      .update(reports)
      .set({ status: action === "dismiss" ? "dismissed" : "resolved", resolution: action, resolvedBy: moderator.id, resolvedAt: new Date() })
      .where(target),
    logLine(db, moderator, { action: `report.${action}`, targetType: report.targetType, targetId: report.targetId, targetLabel: label, reason: note }),
  ];
  if (report.targetType === "character" && character) {
    if (action === "unpublish")
      statements.push(db.update(characters).set({ isPublic: false, updatedAt: new Date() }).where(eq(characters.id, report.targetId)) as never);
    if (action === "nsfw")
      statements.push(db.update(characters).set({ isNsfwThumbnail: true, updatedAt: new Date() }).where(eq(characters.id, report.targetId)) as never);
    if (action === "delete") statements.push(db.delete(characters).where(eq(characters.id, report.targetId)) as never);
  }
  if (report.targetType === "message" && action === "delete") statements.push(db.delete(messages).where(eq(messages.id, report.targetId)) as never);
  await db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  if (action === "delete" && character) {
    const keys = [character.thumbnail, character.voice].filter((k): k is string => !!k);
    if (keys.length) await media.delete(keys);
  }
  return report.targetType;
}

/** Bans or unbans a user, with the reason, in one batch with its log line. False when there is no such user. */
export async function setBanned(db: Db, moderator: Moderator, userId: string, banned: boolean, reason: string | null) {
  const user = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) return false;
  await db.batch([
    db
      .update(users)
      .set({ isBanned: banned, banReason: banned ? reason : null, updatedAt: new Date() })
      .where(eq(users.id, userId)),
    logLine(db, moderator, { action: banned ? "user.ban" : "user.unban", targetType: "user", targetId: userId, targetLabel: user.name || user.email, reason }),
  ]);
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
      moderatorName: users.name,
      moderatorEmail: users.email,
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.moderatorId))
    .where(cursor ? sql`${rowid} < ${cursor.rowid}` : undefined)
    .orderBy(desc(rowid))
    .limit(MODERATION_LIMITS.auditPage + 1);
  const page = rows
    .slice(0, MODERATION_LIMITS.auditPage)
    .map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), moderator: r.moderatorName || r.moderatorEmail || "A deleted account" }));
  return { entries: page, next: rows.length > MODERATION_LIMITS.auditPage ? page.at(-1)!.id : null };
}
export type AuditEntry = Awaited<ReturnType<typeof auditLog>>["entries"][number];
