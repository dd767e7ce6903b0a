/**
 * Daily figures from batched events (decision 028). A chat reply or a story turn sends one event to
 * the EVENTS queue when it ends; the consumer adds up a whole batch into a few upserts, so nothing per
 * message writes to D1 and the hourly rollup never reads anyone's chats.
 */
import { eq, sql } from "drizzle-orm";
import * as z from "zod";
import { createDb, type Db } from "~/db/client.server";
import { characterChatters, characterDaily, characters, dailyActiveUsers, dailyActivity } from "~/db/schema";
import { logError } from "~/lib/log";
import { dayKey } from "~/lib/day-key";
import { isId } from "~/db/ids";

/** The EVENTS queue's name (wrangler.toml): server.ts sends its batches here. */
export const EVENTS_QUEUE = "reverie-events";

export const activityEvent = z.lazy(() =>
  z.object({
    /**
     * `sent`: a message from the person; `reply`/`reply_failed`: a reply written, or one that ended
     * failed; `turn`: a story turn; `story`: a story started; `upgrade`: an Upgrade button pressed
     * (spec section 7), by a guest too.
     */
    kind: z.enum(["sent", "reply", "reply_failed", "turn", "story", "upgrade", "impressions", "open"]),
    /** Who: absent for a guest's upgrade click (it counts, but as nobody's activity). */
    userId: z.string().min(1).optional(),
    /** The character a chat message was with: its creator's hub counts the messages (decision 030). */
    characterId: z.string().min(1).optional(),
    /** For `impressions`: the cards a listing showed. */
    characterIds: z.array(z.string().min(1).max(32)).max(60).optional(),
    /** When it happened (ms): its day is the day it counts in, however late the batch arrives. */
    at: z.number().int(),
  }),
);
export type ActivityEvent = z.output<typeof activityEvent>;

const METRIC = { sent: "messages_sent", reply: "replies", reply_failed: "replies_failed", story: "stories_made", upgrade: "upgrade_clicks" } as const;

/** Rows as JSON texts of at most 500 each: a statement's one parameter, well under D1's statement size. */
const chunked = (rows: unknown[][]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => JSON.stringify(rows.slice(i * 500, i * 500 + 500)));

/** A batch's chatters, oldest day first, each marked 1 when the same person wrote to the same character on an earlier day of the batch. */
function returning(chatters: { characterId: string; day: string; userId: string }[]) {
  const seen = new Set<string>();
  return [...chatters]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((c) => {
      const key = `${c.characterId}|${c.userId}`;
      const earlier = seen.has(key) ? 1 : 0;
      seen.add(key);
      return [c.characterId, c.day, c.userId, earlier];
    });
}

/** A character's day in the creators' figures, as a batch adds it up. */
type CharacterDay = { characterId: string; day: string; impressions: number; opens: number; messages: number };

/**
 * Sends what happened, after the response (never in the person's way). A lost event costs a figure,
 * never a message: a failure to send is logged, not thrown.
 */
export function recordActivity(
  context: { env: Pick<Env, "EVENTS">; ctx: { waitUntil(promise: Promise<unknown>): void } },
  events: Omit<ActivityEvent, "at">[],
) {
  if (!events.length) return;
  const at = Date.now();
  const sent = context.env.EVENTS.sendBatch(events.map((e) => ({ body: { ...e, at } })));
  context.ctx.waitUntil(sent.catch((error) => logError("activity events not sent", error)));
}

/**
 * The cards a page showed count as impressions for their creators (issue 64), and are noted on the
 * request: a guest copy of the page kept in the cache counts them again each time it is served.
 */
export function recordShown(context: Parameters<typeof recordActivity>[0] & { shownCharacterIds?: string[] }, characterIds: string[]) {
  if (!characterIds.length) return;
  recordActivity(context, [{ kind: "impressions", characterIds }]);
  context.shownCharacterIds = [...(context.shownCharacterIds ?? []), ...characterIds];
}

/** What a cached copy keeps of the cards its render showed (see `recordShown`): ids, comma-separated (ids have no comma). */
export const shownForCache = (shown: string[] | undefined) => (shown?.length ? shown.join(",") : null);

/** How long a cached page's impressions wait in the isolate, so that many hits share one queue send. */
const REPLAY_WAIT_MS = 5_000;
/** Sent at once from this many (a queue batch takes at most 100 messages). */
const REPLAY_MAX = 90;
let replayed: ActivityEvent[] = [];

function sendReplayed(env: Pick<Env, "EVENTS">) {
  const events = replayed;
  replayed = [];
  if (!events.length) return Promise.resolve();
  return env.EVENTS.sendBatch(events.map((body) => ({ body }))).catch((error) => logError("activity events not sent", error));
}

/**
 * A cached guest page served again: its cards are shown again, and count again (issue 64). A hit costs
 * no queue send of its own: this isolate gathers hits for up to 5 s and sends them as one batch, in
 * the first hit's `waitUntil` (an isolate that is stopped meanwhile loses them: a figure, never a message).
 */
export function replayShown(context: Parameters<typeof recordActivity>[0], kept: string | null) {
  const ids = [...new Set((kept ?? "").split(","))].filter(isId);
  if (!ids.length) return;
  const at = Date.now();
  const first = replayed.length === 0;
  for (let i = 0; i < ids.length; i += 60) replayed.push({ kind: "impressions", characterIds: ids.slice(i, i + 60), at });
  if (replayed.length >= REPLAY_MAX) context.ctx.waitUntil(sendReplayed(context.env));
  else if (first) context.ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, REPLAY_WAIT_MS)).then(() => sendReplayed(context.env)));
}

/** A batch's events added up: one upsert per day and figure, and the day's active users, in one D1 batch. */
export async function addUp(db: Db, events: ActivityEvent[]) {
  const counts = new Map<string, { day: string; metric: (typeof METRIC)[keyof typeof METRIC]; count: number }>();
  const active = new Map<string, { day: string; userId: string }>();
  const perCharacter = new Map<string, number>();
  const characterDays = new Map<string, CharacterDay>();
  const chatters = new Map<string, { characterId: string; day: string; userId: string }>();
  const characterDay = (characterId: string, day: string) => {
    const key = `${characterId}|${day}`;
    const row = characterDays.get(key) ?? { characterId, day, impressions: 0, opens: 0, messages: 0 };
    characterDays.set(key, row);
    return row;
  };
  for (const event of events) {
    const day = dayKey(event.at);
    // The creators' figures (issue 64): what listings showed and what was opened; nobody's activity.
    if (event.kind === "impressions") {
      for (const id of new Set(event.characterIds ?? [])) characterDay(id, day).impressions += 1;
      continue;
    }
    if (event.kind === "open") {
      if (event.characterId) characterDay(event.characterId, day).opens += 1;
      continue;
    }
    if (event.characterId && (event.kind === "sent" || event.kind === "reply")) characterDay(event.characterId, day).messages += 1;
    if (event.characterId && event.userId && event.kind === "sent")
      chatters.set(`${event.characterId}|${day}|${event.userId}`, { characterId: event.characterId, day, userId: event.userId });
    // Pressing Upgrade is not using the service: only chats and stories make a day's active users.
    if (event.userId && event.kind !== "upgrade") active.set(`${day}|${event.userId}`, { day, userId: event.userId });
    if (event.kind === "turn") continue;
    if (event.characterId && (event.kind === "sent" || event.kind === "reply"))
      perCharacter.set(event.characterId, (perCharacter.get(event.characterId) ?? 0) + 1);
    const metric = METRIC[event.kind];
    const key = `${day}|${metric}`;
    const row = counts.get(key) ?? { day, metric, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  const statements = [
    ...[...counts.values()].map((row) =>
      db
        .insert(dailyActivity)
        .values(row)
        .onConflictDoUpdate({ target: [dailyActivity.day, dailyActivity.metric], set: { count: sql`${dailyActivity.count} + excluded.count` } }),
    ),
    ...[...perCharacter].map(([id, count]) =>
      db
        .update(characters)
        .set({ messageCount: sql`${characters.messageCount} + ${count}` })
        .where(eq(characters.id, id)),
    ),
    // One statement per 500 character-days and per 500 chatters, however many cards a batch showed:
    // a batch of 100 listings (2,400 card impressions) stays a handful of statements.
    ...chunked([...characterDays.values()].map((r) => [r.characterId, r.day, r.impressions, r.opens, r.messages])).map((rows) =>
      db
        .insert(characterDaily)
        .select(
          sql`select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), 0,
            json_extract(value, '$[4]'), 0, 0, 0, 0, 0, 0 from json_each(${rows}) where true`,
        )
        .onConflictDoUpdate({
          target: [characterDaily.characterId, characterDaily.day],
          set: {
            impressions: sql`${characterDaily.impressions} + excluded.impressions`,
            opens: sql`${characterDaily.opens} + excluded.opens`,
            messages: sql`${characterDaily.messages} + excluded.messages`,
          },
        }),
    ),
    // Each day's chatters once (a trigger counts them into character_daily). Returning: they wrote to
    // it on an earlier day, in an earlier batch (the table) or earlier in this one (marked here).
    ...chunked(returning([...chatters.values()])).map((rows) =>
      db
        .insert(characterChatters)
        .select(
          sql`select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
            max(json_extract(value, '$[3]'), exists (select 1 from character_chatters e
              where e.character_id = json_extract(value, '$[0]') and e.user_id = json_extract(value, '$[2]') and e.day < json_extract(value, '$[1]')))
            from json_each(${rows}) where true`,
        )
        .onConflictDoNothing(),
    ),
    ...(active.size
      ? [
          db
            .insert(dailyActiveUsers)
            .values([...active.values()])
            .onConflictDoNothing(),
        ]
      : []),
  ];
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/**
 * The EVENTS consumer: the whole batch in one D1 batch. A malformed event is dropped; a failed write
 * retries the batch (the queue delivers at least once, so a retried batch can count twice: figures,
 * not money; decision 028).
 */
export async function handleEventsBatch(batch: MessageBatch<unknown>, env: Env) {
  const events = batch.messages.flatMap((m) => {
    const parsed = activityEvent.safeParse(m.body);
    return parsed.success ? [parsed.data] : [];
  });
  await addUp(createDb(env.DB), events);
  batch.ackAll();
}
