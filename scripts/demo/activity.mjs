// Seeded use of the demo catalogue: readers' chats (each a real message chain), their upvotes and
// favourites. Chats are made here, row by row, and go straight into each reader's own object
// (decision 052); votes are made inside D1 with recursive CTEs, a few statements per character.
// Ids are stable: reruns add nothing.
import { readFileSync } from "node:fs";
import { rowsOf } from "../lib/seed-objects.mjs";
import { demoId, READER_COUNT, unit } from "./catalog.mjs";

const USER_LINES = [
  "Hi! I wasn't expecting to find anyone here.",
  "*I sit down across from you.* Tell me how you ended up here.",
  "That's not what I heard. What really happened?",
  "*laughs* Okay, you have my attention.",
  "Can I help with that?",
  "What are you not telling me?",
  "*I lean closer.* Show me.",
  "I think I'd like to stay a little longer.",
  "Wait, say that again?",
  "*I hand it back carefully.* Be careful with that.",
  "Where do we go next?",
  "Thank you. Really.",
];

const READER = `'demoreader' || printf('%03d', (i * ?3 + ?4) % ${READER_COUNT})`;
const reader = (i, step, salt) => `demoreader${String((i * step + salt) % READER_COUNT).padStart(3, "0")}`;
const MINUTE_AND_A_HALF = 90_000;

/** The character's own lines from its example dialogue, so a seeded chat sounds like it. */
function characterLines(c) {
  const lines = [...(c.exampleDialogue ?? "").matchAll(/^\{\{char\}\}:\s*(.+)$/gm)].map((m) => m[1]);
  return lines.length ? lines : [c.greeting];
}

/** The seed's numbers for one character: which reader chat i belongs to, and when the chats fall. */
function shape(c, now) {
  const salt = Math.floor(unit(`salt:${c.slug}`) * 1000);
  const step = 1 + Math.floor(unit(`step:${c.slug}`) * (READER_COUNT - 1));
  const span = Math.max(now - c.released - 3_600_000, 3_600_000);
  return { salt, step, span };
}

/**
 * One character's chats into `byOwner` (rows per reader, for their objects). Chat i has
 * 2 + (i*7 + salt) % 23 messages, starts at some point since release, one message a minute and a half.
 */
export function addActivity(byOwner, c, now) {
  const { salt, step, span } = shape(c, now);
  const lines = characterLines(c);
  for (let i = 0; i < c.chats; i++) {
    const id = `${c.id}c-${i}`;
    const size = 2 + ((i * 7 + salt) % 23);
    const started = c.released + Math.floor((span * ((i * 389 + salt) % 997)) / 997);
    const rows = rowsOf(byOwner, reader(i, step, salt));
    rows.chats.push(chatRow(c, id, "", false, size, started));
    for (let j = 0; j < size; j++) {
      const content = j === 0 ? c.greeting : j % 2 === 0 ? lines[(i + j) % lines.length] : USER_LINES[(i * 3 + j) % USER_LINES.length];
      rows.messages.push(messageRow(id, j, content, started));
    }
  }
}

function chatRow(c, id, title, selected, size, started) {
  return {
    id,
    characterId: c.id,
    title,
    selected,
    leafMessageId: `${id}-${size - 1}`,
    characterName: c.name,
    characterThumbnail: c.key ?? null,
    createdAt: started,
    updatedAt: started + (size - 1) * MINUTE_AND_A_HALF,
  };
}

/** Message j of a chain: the greeting first, then the person and the character in turn. */
function messageRow(chatId, j, content, started) {
  return {
    id: `${chatId}-${j}`,
    chatId,
    parentId: j === 0 ? null : `${chatId}-${j - 1}`,
    role: j % 2 === 0 ? "character" : "user",
    content,
    status: "complete",
    createdAt: started + j * MINUTE_AND_A_HALF,
  };
}

/** Statements that give one character its upvotes and favourites. */
export function voteStatements(db, c, now) {
  const { salt, step, span } = shape(c, now);
  const statements = [];
  // Votes come from distinct readers: stepping by a number coprime to the (prime) reader count never repeats.
  for (const [table, count, offset] of [
    ["upvotes", c.upvotes, salt],
    ["favorites", c.favorites, salt + 11],
  ]) {
    if (!count) continue;
    statements.push(
      db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
          INSERT OR IGNORE INTO ${table} (user_id, character_id, created_at) SELECT ${READER}, ?2, ?5 + ?6 * i / ?1 FROM n`,
        )
        .bind(count, c.id, step, offset, c.released, span),
    );
  }
  return statements;
}

/**
 * Statements that give each demo creator 5 to 65 followers among the readers (issue 64), distinct
 * readers by the same stepping as the votes; the triggers of migration 0025 keep the counts.
 */
export function followStatements(db, creators) {
  return creators.map((c) =>
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
        INSERT OR IGNORE INTO follows (follower_id, creator_id) SELECT ${READER}, ?2 FROM n`,
      )
      .bind(
        5 + Math.round(60 * unit(`followers:${c.slug}`)),
        c.id,
        1 + Math.floor(unit(`follow-step:${c.slug}`) * (READER_COUNT - 1)),
        Math.floor(unit(`follow-offset:${c.slug}`) * READER_COUNT),
      ),
  );
}

const REVIEW_TEXTS = {
  5: [
    "Stayed up far too late with this one. The voice never slips.",
    "Remembers what I said three scenes ago. Wonderful writing.",
    "Exactly the character the description promises, and then some.",
    "",
  ],
  4: ["Great fun, a little slow to warm up at first.", "Lovely personality; the greeting alone sold me.", ""],
  3: ["Good idea, but the replies get repetitive after a while.", "Fine for a short chat. I wanted more surprises.", ""],
  2: ["Forgot the scenario halfway through, sadly."],
  1: ["Not for me."],
};

/**
 * Statements that give one character its ratings and reviews (issue 64): about a third of the readers
 * whose seeded chat has at least 5 of their messages (the rule for rating) rate it, at most 25, around
 * a level of its own. The triggers of migration 0026 keep the character's count and sum; reruns add nothing.
 */
export function reviewStatements(db, c, now) {
  const { salt, step, span } = shape(c, now);
  const level = 3 + 2 * unit(`quality:${c.slug}`);
  const statements = [];
  for (let i = 0; i < c.chats && statements.length < 25; i++) {
    const size = 2 + ((i * 7 + salt) % 23);
    if (Math.floor(size / 2) < 5 || unit(`review:${c.slug}:${i}`) > 0.35) continue;
    const rating = Math.max(1, Math.min(5, Math.round(level + (unit(`rating:${c.slug}:${i}`) - 0.5) * 2.5)));
    const texts = REVIEW_TEXTS[rating];
    const text = texts[Math.floor(unit(`review-text:${c.slug}:${i}`) * texts.length)];
    const at = c.released + Math.floor((span * ((i * 389 + salt) % 997)) / 997) + 3_600_000;
    statements.push(
      db
        .prepare("INSERT OR IGNORE INTO reviews (id, character_id, user_id, rating, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind(demoId("review", `${c.id}:${i}`), c.id, reader(i, step, salt), rating, text, Math.min(at, now), Math.min(at, now)),
    );
  }
  return statements;
}

/** UTC day of an epoch-millisecond time, as the daily figures name days. */
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * The daily figures' event tables (decision 028) counted from the seeded chats that are new
 * (`newChats`, the ids the objects took): messages sent and replies a day, who was active a day, and
 * chats started with each character a day, added to what the tables hold. A chat already in its
 * object counts nothing again, so re-running the seed adds nothing (its times move with the clock).
 */
export function figuresStatements(db, byOwner, newChats) {
  const activity = new Map();
  const active = new Set();
  const started = new Map();
  const hours = new Map();
  // The creators' figures (issue 64): messages per character and day, and who wrote them.
  const characterMessages = new Map();
  const chatters = new Map();
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const [owner, rows] of byOwner) {
    const characterOf = new Map(rows.chats.map((c) => [c.id, c.characterId]));
    for (const chat of rows.chats) {
      if (!newChats.has(chat.id)) continue;
      bump(started, `${dayOf(chat.createdAt)} ${chat.characterId}`);
      // Trending's hours (issue 64): only the last 8 days are kept.
      if (chat.createdAt > Date.now() - 8 * 86_400_000) bump(hours, `${Math.floor(chat.createdAt / 3_600_000)} ${chat.characterId}`);
    }
    for (const m of rows.messages) {
      if (!newChats.has(m.chatId)) continue;
      const day = dayOf(m.createdAt);
      const characterId = characterOf.get(m.chatId);
      if (m.role === "user") {
        bump(activity, `${day} messages_sent`);
        active.add(`${day} ${owner}`);
        chatters.set(`${day} ${characterId} ${owner}`, [day, characterId, owner]);
      } else if (m.parentId) bump(activity, `${day} replies`);
      if (m.role === "user" || m.parentId) bump(characterMessages, `${day} ${characterId}`);
    }
  }
  // D1 takes statements of up to 100 KB: the rows go in a few hundred at a time.
  const chunks = (rows) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => JSON.stringify(rows.slice(i * 500, i * 500 + 500)));
  const triples = (map) => chunks([...map].map(([key, count]) => [...key.split(" "), count]));
  return [
    ...triples(activity).map((rows) =>
      db
        .prepare(
          `INSERT INTO daily_activity (day, metric, count) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
           FROM json_each(?) WHERE true ON CONFLICT (day, metric) DO UPDATE SET count = count + excluded.count`,
        )
        .bind(rows),
    ),
    ...chunks([...active].map((key) => key.split(" "))).map((rows) =>
      db
        .prepare("INSERT OR IGNORE INTO daily_active_users (day, user_id) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)")
        .bind(rows),
    ),
    ...triples(started).map((rows) =>
      db
        .prepare(
          `INSERT INTO daily_character_chats (day, character_id, chats) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
           FROM json_each(?) WHERE true ON CONFLICT (day, character_id) DO UPDATE SET chats = chats + excluded.chats`,
        )
        .bind(rows),
    ),
    ...triples(hours).map((rows) =>
      db
        .prepare(
          `INSERT INTO hourly_character_chats (hour, character_id, chats) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
           FROM json_each(?) WHERE true ON CONFLICT (character_id, hour) DO UPDATE SET chats = chats + excluded.chats`,
        )
        .bind(rows),
    ),
    ...triples(characterMessages).map((rows) =>
      db
        .prepare(
          `INSERT INTO character_daily (day, character_id, messages) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
           FROM json_each(?) WHERE true ON CONFLICT (character_id, day) DO UPDATE SET messages = messages + excluded.messages`,
        )
        .bind(rows),
    ),
    // Oldest first, so a chatter's later days are marked as returning (a trigger counts them).
    ...chunks(returningChatters([...chatters.values()])).map((rows) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO character_chatters (day, character_id, user_id, returned)
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?)`,
        )
        .bind(rows),
    ),
    trendingStatement(db),
  ];
}

/** Each [day, character, person] with whether that person wrote to that character on an earlier day. */
function returningChatters(rows) {
  const seen = new Set();
  return rows
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([day, characterId, userId]) => {
      const key = `${characterId} ${userId}`;
      const returned = seen.has(key) ? 1 : 0;
      seen.add(key);
      return [day, characterId, userId, returned];
    });
}

/**
 * 90 days of impressions and detail opens for every demo character (all are public) (issue 64), about as many
 * as its popularity would bring, so the Creator Hub's dashboard looks alive on `npm start`. They are
 * set, not added: reruns write the same numbers for the same days.
 */
export function exposureStatements(db, characters, now) {
  const rows = [];
  for (const c of characters) {
    const base = 4 + Math.sqrt(c.chats ?? 0) * 6;
    for (let d = 0; d < 90; d++) {
      const at = now - d * 86_400_000;
      if (at < c.released) break;
      const impressions = Math.round(base * (0.5 + unit(`impressions:${c.slug}:${d}`)));
      rows.push([dayOf(at), c.id, impressions, Math.round(impressions * (0.08 + 0.12 * unit(`opens:${c.slug}:${d}`)))]);
    }
  }
  const chunks = Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => JSON.stringify(rows.slice(i * 500, i * 500 + 500)));
  return chunks.map((chunk) =>
    db
      .prepare(
        `INSERT INTO character_daily (day, character_id, impressions, opens)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?)
         WHERE true ON CONFLICT (character_id, day) DO UPDATE SET impressions = excluded.impressions, opens = excluded.opens`,
      )
      .bind(chunk),
  );
}

/**
 * Similar characters for the demo (issue 64): the daily rollup's own statement (app/models/similar.sql)
 * with its values, after the old lists are cleared.
 */
export function similarStatements(db, now = Date.now()) {
  const day = (ms) => `'${new Date(ms).toISOString().slice(0, 10)}'`;
  const values = {
    week: day(now - 7 * 86_400_000),
    month: day(now - 30 * 86_400_000),
    active_max: "2000",
    per_tag: "30",
    similar_max: "6",
    roleplay: "'RolePlay'",
  };
  const text = readFileSync(new URL("../../app/models/similar.sql", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--")) // the seed runs each statement as one line
    .join(" ")
    .replace(/:([a-z_]+)/g, (whole, name) => values[name] ?? whole);
  return [db.prepare("DELETE FROM similar_characters"), db.prepare(text)];
}

/** Every character's Trending sums from the hours, as the hourly cron keeps them (models/trending.server.ts). */
function trendingStatement(db) {
  const hour = Math.floor(Date.now() / 3_600_000);
  const sum = (hours) =>
    `coalesce((SELECT sum(h.chats) FROM hourly_character_chats h WHERE h.character_id = characters.id AND h.hour >= ${hour - hours} AND h.hour < ${hour}), 0)`;
  return db.prepare(`UPDATE characters SET trending_day = ${sum(24)}, trending_week = ${sum(168)}`);
}

/**
 * Counts and points follow the rows (a vote cast through the app between seeds counts too); points as
 * decision 047's lifetime part. A character's chats and messages are at least those in `byOwner`.
 */
export function recountStatement(db, creatorIds, byOwner) {
  const seeded = {};
  const characterOf = new Map();
  for (const rows of byOwner.values()) {
    for (const chat of rows.chats) {
      characterOf.set(chat.id, chat.characterId);
      (seeded[chat.characterId] ??= [0, 0])[0]++;
    }
    for (const m of rows.messages) seeded[characterOf.get(m.chatId)][1]++;
  }
  const count = (table) => `(SELECT count(*) FROM ${table} t WHERE t.character_id = characters.id)`;
  const chats = "coalesce((SELECT chats FROM seeded WHERE seeded.id = characters.id), 0)";
  const messages = "coalesce((SELECT messages FROM seeded WHERE seeded.id = characters.id), 0)";
  return db
    .prepare(
      `WITH seeded(id, chats, messages) AS (SELECT key, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2))
       UPDATE characters SET upvotes = ${count("upvotes")}, favorites = ${count("favorites")},
        points = 5 * ${count("upvotes")} + 8 * ${count("favorites")} + max(chat_count, ${chats}),
        chat_count = max(chat_count, ${chats}),
        message_count = max(message_count, ${messages})
       WHERE user_id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(creatorIds), JSON.stringify(seeded));
}

/** premium@example.com's long evening with Liesl Penwright: 22 exchanges that read as one conversation. */
const LONG_EVENING = JSON.parse(readFileSync(new URL("long-evening.json", import.meta.url), "utf8"));

/**
 * One long chat for a demo account: the greeting and 44 messages with one character, so a long
 * history (the page carries the latest messages, the earlier ones load on scrolling up) can be tried
 * and tested. It is a written conversation (LONG_EVENING), not lines repeated with counters.
 */
export function addLongChat(byOwner, c, userId, now) {
  const size = 1 + LONG_EVENING.length * 2;
  const chatId = `${c.id}long`;
  const started = now - size * MINUTE_AND_A_HALF;
  const rows = rowsOf(byOwner, userId);
  rows.chats.push(chatRow(c, chatId, "A long evening", true, size, started));
  for (let j = 0; j < size; j++) {
    const content = j === 0 ? c.greeting : j % 2 === 1 ? LONG_EVENING[(j - 1) / 2][0] : LONG_EVENING[j / 2 - 1][1];
    rows.messages.push(messageRow(chatId, j, content, started));
  }
}
