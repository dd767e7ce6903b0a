/**
 * What the safety gate refused, withheld or held for review (issue 59, decision 082): one D1 row each,
 * read by Mod Central's queue and counted by day. Refusals are rare, so they cost D1 little; nothing
 * here grows with ordinary messages.
 */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { screenEvents, users } from "~/db/schema";
import { dayKey } from "~/lib/day-key";
import { sha256Hex } from "~/lib/digest";
import { logLine, type Moderator } from "./moderation.server";

export type ScreenEventInput = {
  userId: string | null;
  field: string;
  source: "offline" | "classifier" | "withheld" | "pending";
  rule: string;
  hit: string | null;
  text: string;
};

/** The most of a text kept for moderators. */
const TEXT_KEPT = 4000;

export const textHash = (text: string) => sha256Hex(`screen:${text}`);

export async function recordScreenEvent(db: Db, event: ScreenEventInput, now = Date.now()) {
  const hash = await textHash(event.text);
  await db
    .insert(screenEvents)
    .values({
      ...event,
      hit: event.hit?.slice(0, 200) ?? null,
      text: event.text.slice(0, TEXT_KEPT),
      textHash: hash,
      day: dayKey(now),
      createdAt: new Date(now),
    })
    .run();
}

/**
 * Which of these texts of this person's a moderator approved when they were held for review (they then
 * pass): one query for them all (in chunks under D1's 100 bound parameters), not one per text.
 */
export async function approvedForAuthor(db: Db, userId: string, texts: string[]) {
  const byHash = new Map<string, string>();
  for (const text of new Set(texts)) byHash.set(await textHash(text), text);
  const hashes = [...byHash.keys()];
  const approved = new Set<string>();
  for (let start = 0; start < hashes.length; start += 90) {
    const rows = await db
      .select({ textHash: screenEvents.textHash })
      .from(screenEvents)
      .where(and(inArray(screenEvents.textHash, hashes.slice(start, start + 90)), eq(screenEvents.userId, userId), eq(screenEvents.status, "approved")))
      .all();
    for (const row of rows) approved.add(byHash.get(row.textHash)!);
  }
  return approved;
}

/** How many of a person's texts the gate refused or held today: several in a day flags the account in Mod Central. */
export const REPEAT_FLAG = 3;

/** The open items, newest first, with who wrote them and how many the gate stopped of theirs that day. */
export async function openScreenEvents(db: Db, limit = 50) {
  const rows = await db
    .select({
      id: screenEvents.id,
      userId: screenEvents.userId,
      field: screenEvents.field,
      source: screenEvents.source,
      rule: screenEvents.rule,
      hit: screenEvents.hit,
      text: screenEvents.text,
      day: screenEvents.day,
      createdAt: screenEvents.createdAt,
      email: users.email,
      name: users.name,
      sameDay: sql<number>`(select count(*) from screen_events e where e.user_id = ${screenEvents.userId} and e.day = ${screenEvents.day})`,
    })
    .from(screenEvents)
    .leftJoin(users, eq(users.id, screenEvents.userId))
    .where(and(eq(screenEvents.status, "open"), sql`${screenEvents.source} <> 'offline'`))
    .orderBy(desc(screenEvents.createdAt))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row, repeated: row.sameDay >= REPEAT_FLAG }));
}

/** Accounts the gate stopped several times since `since` (offline refusals included): Mod Central flags them. */
export async function repeatedAttempts(db: Db, since: number) {
  return await db
    .select({ userId: screenEvents.userId, email: users.email, name: users.name, day: screenEvents.day, count: sql<number>`count(*)` })
    .from(screenEvents)
    .leftJoin(users, eq(users.id, screenEvents.userId))
    .where(and(gte(screenEvents.createdAt, new Date(since)), sql`${screenEvents.userId} is not null`))
    .groupBy(screenEvents.userId, screenEvents.day)
    .having(sql`count(*) >= ${REPEAT_FLAG}`)
    .orderBy(desc(sql`count(*)`))
    .limit(50)
    .all();
}

/**
 * A moderator's decision on an open item, written to the moderation log: approved (the text then
 * passes for its author: the classifier refused it wrongly, or could not answer) or dismissed (the
 * refusal stands). False when the item is not open (decided already, or not there).
 */
export async function reviewScreenEvent(db: Db, id: string, status: "approved" | "dismissed", moderator: Moderator) {
  const [row] = await db
    .update(screenEvents)
    .set({ status, reviewedBy: moderator.id, reviewedAt: new Date() })
    .where(and(eq(screenEvents.id, id), eq(screenEvents.status, "open")))
    .returning({ id: screenEvents.id, field: screenEvents.field })
    .all();
  if (!row) return false;
  await logLine(db, moderator, {
    action: `screen.${status === "approved" ? "approve" : "dismiss"}`,
    targetType: "text",
    targetId: row.id,
    targetLabel: row.field,
  }).run();
  return true;
}

/** How many texts the gate stopped on one day, by source: the analytics figure. */
export async function screenEventsOn(db: Db, day: string) {
  const rows = await db
    .select({ source: screenEvents.source, count: sql<number>`count(*)` })
    .from(screenEvents)
    .where(eq(screenEvents.day, day))
    .groupBy(screenEvents.source)
    .all();
  return Object.fromEntries(rows.map((r) => [r.source, r.count])) as Partial<Record<ScreenEventInput["source"], number>>;
}
