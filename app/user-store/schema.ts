/**
 * The tables in each user's own SQLite (decision 029): what is theirs and conversational. The
 * object applies `MIGRATIONS` in order when it starts, and records how far it got in `meta`.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemoryUsed } from "~/lib/chat/recall";

/** Small facts about the object: `schema` (how many migrations ran), `owner` (the user id) (and, in objects made before decision 052, `moved:<what>` from the one-off move out of D1). */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** The person's settings for one character's chat (spec section 4): the model, the voice, their own persona. */
export const chatSettings = sqliteTable("chat_settings", {
  characterId: text("character_id").primaryKey(),
  model: text("model").notNull(),
  selectedVoice: text("selected_voice"),
  /** The user's own edit of the character's persona (premium); null means the character's default. */
  persona: text("persona"),
  /** The persona the person chats as with this character; null means their default persona. */
  personaId: text("persona_id"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});
export type ChatSettingsRow = typeof chatSettings.$inferSelect;

const timestamp = (name: string) =>
  integer(name, { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

/**
 * The person's chats, several per character (saved chats, GOLD), one of them `selected` (on screen).
 * The character's name and thumbnail are copied in when the chat starts, so the chat stays readable
 * (and can say who it was with) after the character is deleted or made private.
 */
export const chats = sqliteTable(
  "chats",
  {
    id: text("id").primaryKey(),
    characterId: text("character_id").notNull(),
    title: text("title").notNull().default(""),
    selected: integer("selected", { mode: "boolean" }).notNull().default(false),
    /** The message the chat currently shows as its last (the tip of the active branch). */
    leafMessageId: text("leaf_message_id"),
    characterName: text("character_name").notNull().default(""),
    characterThumbnail: text("character_thumbnail"),
    /** The person's own number for the chat, 1, 2, 3… in the order they started them, never reused: "Unnamed Chat #3" (decision 048). */
    number: integer("number"),
    createdAt: timestamp("created_at"),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [index("chats_character_idx").on(t.characterId, t.createdAt), index("chats_updated_idx").on(t.updatedAt)],
);
export type ChatRow = typeof chats.$inferSelect;

/** Chat messages form a tree (decision 010): a regenerated reply is a sibling (swipe), an edit starts a branch. */
export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id").notNull(),
    parentId: text("parent_id"),
    role: text("role", { enum: ["user", "character", "system"] }).notNull(),
    content: text("content").notNull(),
    status: text("status", { enum: ["complete", "streaming", "failed"] })
      .notNull()
      .default("complete"),
    error: text("error"),
    model: text("model"),
    /** In a group chat (decision 051), the character who wrote a character message; null in a chat with one character. */
    speakerId: text("speaker_id"),
    /** A reply the person stopped before its end (issue 61): it says "Stopped", with Continue beside it, until continued. */
    stopped: integer("stopped", { mode: "boolean" }).notNull().default(false),
    /** Stopped because the person spoke over it in a call (issue 63): it keeps what was heard, and says "Interrupted". */
    interrupted: integer("interrupted", { mode: "boolean" }).notNull().default(false),
    /** What a character message was written with (issue 62): "What it remembered". */
    memory: text("memory", { mode: "json" }).$type<MemoryUsed>(),
    createdAt: timestamp("created_at"),
  },
  (t) => [index("messages_chat_created_idx").on(t.chatId, t.createdAt), index("messages_parent_idx").on(t.parentId)],
);
export type MessageRow = typeof messages.$inferSelect;

/**
 * The person's allowances (decision 042): `message` (users without a subscription) and `image`
 * (everyone, by tier). `token` is what is left until `reset_at`; the first use after it refills.
 */
export const allowances = sqliteTable("allowances", {
  // "call": seconds of voice calls left (issue 63).
  kind: text("kind", { enum: ["message", "image", "call"] }).primaryKey(),
  token: integer("token").notNull(),
  resetAt: integer("reset_at", { mode: "timestamp_ms" }).notNull(),
});
export type AllowanceKind = (typeof allowances.$inferSelect)["kind"];

/**
 * The person's interactive stories (decisions 019 and 043): up to three characters, a premise, a
 * genre, the persona they play. Passages form a tree like a chat's; `leafMessageId` is the tip on screen.
 */
export const stories = sqliteTable(
  "stories",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull().default(""),
    characterIds: text("character_ids", { mode: "json" }).$type<string[]>().notNull(),
    premise: text("premise").notNull().default(""),
    genre: text("genre").notNull().default(""),
    personaId: text("persona_id"),
    leafMessageId: text("leaf_message_id"),
    createdAt: timestamp("created_at"),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [index("stories_updated_idx").on(t.updatedAt)],
);
export type StoryRow = typeof stories.$inferSelect;

/** A turn of a story: the person's choice or action (`user`), or a passage (`story`) with the choices it offers. */
export const storyMessages = sqliteTable(
  "story_messages",
  {
    id: text("id").primaryKey(),
    storyId: text("story_id").notNull(),
    parentId: text("parent_id"),
    role: text("role", { enum: ["user", "story"] }).notNull(),
    content: text("content").notNull(),
    choices: text("choices", { mode: "json" }).$type<{ id: string; text: string }[]>().notNull(),
    choiceId: text("choice_id"),
    createdAt: timestamp("created_at"),
  },
  (t) => [index("story_messages_story_created_idx").on(t.storyId, t.createdAt)],
);
export type StoryMessageRow = typeof storyMessages.$inferSelect;

/** What a character remembers of one chat (issue 25, decision 044): a pinned message, or words the person typed. */
export const memoryPins = sqliteTable(
  "memory_pins",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id").notNull(),
    text: text("text").notNull(),
    /** The message it was pinned from; null for a typed memory. */
    messageId: text("message_id"),
    createdAt: timestamp("created_at"),
  },
  (t) => [index("memory_pins_chat_idx").on(t.chatId, t.createdAt)],
);
export type MemoryPinRow = typeof memoryPins.$inferSelect;

/**
 * The running summary of a chat's older messages (issue 25, decision 045), one per point it covers up
 * to: a summary belongs to the branch through `throughMessageId`, so a swipe or an edit before that
 * point never sees it.
 */
export const memorySummaries = sqliteTable(
  "memory_summaries",
  {
    throughMessageId: text("through_message_id").primaryKey(),
    chatId: text("chat_id").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at"),
  },
  (t) => [index("memory_summaries_chat_idx").on(t.chatId)],
);

/**
 * What an imported chat file held that Reverie does not use (issue 25, decision 046), kept to write it
 * back on export: the file's header (keyed by the chat's id) or a message's other keys (keyed by its id).
 */
export const importedFields = sqliteTable(
  "imported_fields",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id").notNull(),
    fields: text("fields").notNull(),
  },
  (t) => [index("imported_fields_chat_idx").on(t.chatId)],
);

/** A member of a group chat: the character as the group keeps it (its picture's address), so the transcript stays readable without it. */
export type GroupMember = { id: string; name: string; thumbnail: string | null; muted: boolean };

/**
 * The person's group chats (issue 26, decision 051): two to five characters in one conversation. The
 * conversation is a row of `chats` (its `character_id` is `group:<id>`), so swipes, branches, edits and
 * live updates work as in a chat with one character; each character message names its `speaker_id`.
 */
export const groups = sqliteTable(
  "groups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    scenario: text("scenario").notNull().default(""),
    mode: text("mode", { enum: ["natural", "turn", "manual"] })
      .notNull()
      .default("natural"),
    members: text("members", { mode: "json" }).$type<GroupMember[]>().notNull(),
    chatId: text("chat_id").notNull(),
    createdAt: timestamp("created_at"),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [index("groups_updated_idx").on(t.updatedAt)],
);
export type GroupRow = typeof groups.$inferSelect;

/** Each entry runs once, in order, inside the object's start-up (never edit one that has shipped; add another). */
export const MIGRATIONS: string[][] = [
  [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    `CREATE TABLE chat_settings (
      character_id TEXT PRIMARY KEY,
      model TEXT NOT NULL,
      selected_voice TEXT,
      persona TEXT,
      updated_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
  ],
  [
    `CREATE TABLE chats (
      id TEXT PRIMARY KEY,
      character_id TEXT NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      selected INTEGER NOT NULL DEFAULT 0,
      leaf_message_id TEXT,
      character_name TEXT NOT NULL DEFAULT '',
      character_thumbnail TEXT,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
      updated_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX chats_character_idx ON chats (character_id, created_at)",
    "CREATE INDEX chats_updated_idx ON chats (updated_at)",
    `CREATE TABLE messages (
      id TEXT PRIMARY KEY,
      chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
      parent_id TEXT,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'complete',
      error TEXT,
      model TEXT,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX messages_chat_created_idx ON messages (chat_id, created_at)",
    "CREATE INDEX messages_parent_idx ON messages (parent_id)",
  ],
  ["ALTER TABLE chat_settings ADD COLUMN persona_id TEXT"],
  ["CREATE TABLE allowances (kind TEXT PRIMARY KEY, token INTEGER NOT NULL, reset_at INTEGER NOT NULL)"],
  [
    `CREATE TABLE stories (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL DEFAULT '',
      character_ids TEXT NOT NULL DEFAULT '[]',
      premise TEXT NOT NULL DEFAULT '',
      genre TEXT NOT NULL DEFAULT '',
      persona_id TEXT,
      leaf_message_id TEXT,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
      updated_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX stories_updated_idx ON stories (updated_at)",
    `CREATE TABLE story_messages (
      id TEXT PRIMARY KEY,
      story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
      parent_id TEXT,
      role TEXT NOT NULL,
      content TEXT NOT NULL,
      choices TEXT NOT NULL DEFAULT '[]',
      choice_id TEXT,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX story_messages_story_created_idx ON story_messages (story_id, created_at)",
  ],
  [
    `CREATE TABLE memory_pins (
      id TEXT PRIMARY KEY,
      chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
      text TEXT NOT NULL,
      message_id TEXT,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX memory_pins_chat_idx ON memory_pins (chat_id, created_at)",
    `CREATE TABLE memory_summaries (
      through_message_id TEXT PRIMARY KEY,
      chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX memory_summaries_chat_idx ON memory_summaries (chat_id)",
  ],
  [
    `CREATE TABLE imported_fields (
      id TEXT PRIMARY KEY,
      chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
      fields TEXT NOT NULL
    )`,
    "CREATE INDEX imported_fields_chat_idx ON imported_fields (chat_id)",
  ],
  ["ALTER TABLE chats ADD COLUMN number INTEGER", "UPDATE chats SET number = (SELECT count(*) FROM chats c WHERE c.rowid <= chats.rowid)"],
  [
    "ALTER TABLE messages ADD COLUMN speaker_id TEXT",
    `CREATE TABLE groups (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      scenario TEXT NOT NULL DEFAULT '',
      mode TEXT NOT NULL DEFAULT 'natural',
      members TEXT NOT NULL,
      chat_id TEXT NOT NULL,
      created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
      updated_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
    )`,
    "CREATE INDEX groups_updated_idx ON groups (updated_at)",
  ],
  ["ALTER TABLE messages ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0"],
  // Recall (issue 62, decision 088): every message's words in a full-text index kept by triggers (its
  // text is not stored twice: the index reads it from `messages`), and the index's word counts.
  [
    "ALTER TABLE messages ADD COLUMN memory TEXT",
    "CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')",
    "INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')",
    "CREATE VIRTUAL TABLE messages_fts_words USING fts5vocab(messages_fts, 'row')",
    `CREATE TRIGGER messages_fts_added AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
    END`,
    `CREATE TRIGGER messages_fts_removed AFTER DELETE ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
    END`,
    `CREATE TRIGGER messages_fts_changed AFTER UPDATE OF content ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
      INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
    END`,
  ],
  // Hybrid recall (issue 62, decision 089): a vector per message (one byte per dimension, and its sign
  // bits), made in the background from a queue the triggers fill while an embeddings server is
  // configured (meta 'embeddings_model'); an edit or a delete drops the message's vector.
  [
    `CREATE TABLE message_vectors (
      message_rowid INTEGER PRIMARY KEY,
      chat_id TEXT NOT NULL,
      vec BLOB NOT NULL,
      bits BLOB NOT NULL
    )`,
    "CREATE INDEX message_vectors_chat_idx ON message_vectors (chat_id)",
    "CREATE TABLE embedding_queue (message_rowid INTEGER PRIMARY KEY)",
    `CREATE TRIGGER messages_embed_added AFTER INSERT ON messages WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'embeddings_model') BEGIN
      INSERT OR IGNORE INTO embedding_queue (message_rowid) VALUES (new.rowid);
    END`,
    `CREATE TRIGGER messages_embed_changed AFTER UPDATE OF content ON messages BEGIN
      DELETE FROM message_vectors WHERE message_rowid = new.rowid;
      INSERT OR IGNORE INTO embedding_queue (message_rowid) SELECT new.rowid WHERE EXISTS (SELECT 1 FROM meta WHERE key = 'embeddings_model');
    END`,
    `CREATE TRIGGER messages_embed_removed AFTER DELETE ON messages BEGIN
      DELETE FROM message_vectors WHERE message_rowid = old.rowid;
      DELETE FROM embedding_queue WHERE message_rowid = old.rowid;
    END`,
  ],
  // Voice calls (issue 63, decision 090): each call's time is charged from the "call" allowance by the
  // server's clock, up to its last request; one call is open at a time.
  [
    `CREATE TABLE calls (
      id TEXT PRIMARY KEY,
      chat_key TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      charged_until INTEGER NOT NULL,
      ended_at INTEGER
    )`,
    "CREATE INDEX calls_open_idx ON calls (ended_at)",
  ],
  ["ALTER TABLE messages ADD COLUMN interrupted INTEGER NOT NULL DEFAULT 0"],
];
