// Seeded use of the demo catalogue: readers' chats (each a real message chain), their upvotes and
// favourites. Rows are generated inside SQLite with recursive CTEs, a few statements per character,
// so 200+ characters with thousands of chats seed in seconds. Ids are stable: reruns add nothing.
import { readFileSync } from "node:fs";
import { READER_COUNT, unit } from "./catalog.mjs";

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

/** The character's own lines from its example dialogue, so a seeded chat sounds like it. */
function characterLines(c) {
  const lines = [...(c.exampleDialogue ?? "").matchAll(/^\{\{char\}\}:\s*(.+)$/gm)].map((m) => m[1]);
  return lines.length ? lines : [c.greeting];
}

/** Statements that give one character its chats, messages, upvotes and favourites. */
export function activityStatements(db, c, now) {
  const salt = Math.floor(unit(`salt:${c.slug}`) * 1000);
  const step = 1 + Math.floor(unit(`step:${c.slug}`) * (READER_COUNT - 1));
  const span = Math.max(now - c.released - 3_600_000, 3_600_000);
  // Chat i has 2 + (i*7 + salt) % 23 messages, starts at some point since release, one message a minute and a half.
  const chats = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1),
    chat(i, id, user_id, size, started) AS (
      SELECT i, ?2 || '-' || i, ${READER}, 2 + (i * 7 + ?4) % 23, ?5 + ?6 * ((i * 389 + ?4) % 997) / 997 FROM n)`;
  const statements = [
    db
      .prepare(
        `${chats}
        INSERT OR IGNORE INTO saved_chats (id, user_id, character_id, title, selected, leaf_message_id, created_at, updated_at)
        SELECT id, user_id, ?7, '', 0, id || '-' || (size - 1), started, started + (size - 1) * 90000 FROM chat`,
      )
      .bind(c.chats, `${c.id}c`, step, salt, c.released, span, c.id),
    db
      .prepare(
        `${chats}, k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 24)
        INSERT OR IGNORE INTO messages (id, chat_id, parent_id, role, content, status, created_at)
        SELECT chat.id || '-' || j, chat.id, CASE WHEN j = 0 THEN NULL ELSE chat.id || '-' || (j - 1) END,
          CASE WHEN j % 2 = 0 THEN 'character' ELSE 'user' END,
          CASE WHEN j = 0 THEN ?8
               WHEN j % 2 = 0 THEN json_extract(?9, '$[' || ((i + j) % json_array_length(?9)) || ']')
               ELSE json_extract(?10, '$[' || ((i * 3 + j) % json_array_length(?10)) || ']') END,
          'complete', started + j * 90000
        FROM chat JOIN k ON j < chat.size`,
      )
      .bind(c.chats, `${c.id}c`, step, salt, c.released, span, c.id, c.greeting, JSON.stringify(characterLines(c)), JSON.stringify(USER_LINES)),
  ];
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

/** The daily figures' event tables counted from the seeded rows (app/db/sql/figures-from-rows.sql, decision 028). */
export function figuresStatements(db) {
  const source = readFileSync(new URL("../../app/db/sql/figures-from-rows.sql", import.meta.url), "utf8");
  return source
    .split("--> statement-breakpoint")
    .map((part) => part.replace(/^--.*$/gm, "").trim())
    .filter(Boolean)
    .map((statement) => db.prepare(statement));
}

/** Counts and points follow the rows (a vote cast through the app between seeds counts too); points as decision 047's lifetime part. */
export function recountStatement(db, creatorIds) {
  const count = (table) => `(SELECT count(*) FROM ${table} t WHERE t.character_id = characters.id)`;
  return db
    .prepare(
      `UPDATE characters SET upvotes = ${count("upvotes")}, favorites = ${count("favorites")},
        points = 5 * ${count("upvotes")} + 8 * ${count("favorites")} + max(chat_count, ${count("saved_chats")}),
        chat_count = max(chat_count, ${count("saved_chats")}),
        message_count = max(message_count, (SELECT count(*) FROM messages m JOIN saved_chats s ON s.id = m.chat_id WHERE s.character_id = characters.id))
       WHERE user_id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(creatorIds));
}

/** premium@example.com's long evening with Liesl Penwright: 22 exchanges that read as one conversation. */
const LONG_EVENING = JSON.parse(readFileSync(new URL("long-evening.json", import.meta.url), "utf8"));

/**
 * One long chat for a demo account: the greeting and 44 messages with one character, so a long
 * history (the page carries the latest messages, the earlier ones load on scrolling up) can be tried
 * and tested. It is a written conversation (LONG_EVENING), not lines repeated with counters.
 */
export function longChatStatements(db, c, userId, now) {
  const size = 1 + LONG_EVENING.length * 2;
  const chatId = `${c.id}long`;
  const started = now - size * 90_000;
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO saved_chats (id, user_id, character_id, title, selected, leaf_message_id, created_at, updated_at)
        VALUES (?1, ?2, ?3, 'A long evening', 1, ?1 || '-' || (?4 - 1), ?5, ?5 + (?4 - 1) * 90000)`,
      )
      .bind(chatId, userId, c.id, size, started),
    db
      .prepare(
        `WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j + 1 < ?2)
        INSERT OR IGNORE INTO messages (id, chat_id, parent_id, role, content, status, created_at)
        SELECT ?1 || '-' || j, ?1, CASE WHEN j = 0 THEN NULL ELSE ?1 || '-' || (j - 1) END,
          CASE WHEN j % 2 = 0 THEN 'character' ELSE 'user' END,
          CASE WHEN j = 0 THEN ?3
               WHEN j % 2 = 1 THEN json_extract(?4, '$[' || ((j - 1) / 2) || '][0]')
               ELSE json_extract(?4, '$[' || (j / 2 - 1) || '][1]') END,
          'complete', ?5 + j * 90000
        FROM k`,
      )
      .bind(chatId, size, c.greeting, JSON.stringify(LONG_EVENING), started),
  ];
}
