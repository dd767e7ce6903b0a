/**
 * A person's object's storage, apart from its RPC surface (app/objects/user-store.server.ts): the
 * migrations, every area's tables over its SQLite, and the chat page's one read across them.
 */
import { drizzle, type DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { AllowanceTables, type AllowanceConfig, type AllowanceState } from "./allowances";
import { CallTables } from "./calls";
import { ChatFiles } from "./chat-files";
import { ChatTables, type ChatRead, type OpenedChat } from "./chats";
import { GroupTables } from "./groups";
import { MemoryTables, type MemoryPin, type MemorySummary } from "./memory";
import { MIGRATIONS, type ChatSettingsRow } from "./schema";
import { SettingsTables } from "./settings";
import { StoryTables } from "./stories";
import { VectorIndex, type EmbeddingsSetup } from "./vectors";

export type StoreTables = {
  chats: ChatTables;
  allowances: AllowanceTables;
  stories: StoryTables;
  memory: MemoryTables;
  files: ChatFiles;
  groups: GroupTables;
  settings: SettingsTables;
  calls: CallTables;
};

/** Applies the migrations this object has not run yet, in one transaction. */
export function migrate(storage: DurableObjectStorage) {
  storage.transactionSync(() => {
    const hasMeta = storage.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").toArray().length > 0;
    const done = hasMeta ? Number(storage.sql.exec("SELECT value FROM meta WHERE key = 'schema'").toArray()[0]?.value ?? 0) : 0;
    for (let version = done; version < MIGRATIONS.length; version++) {
      for (const statement of MIGRATIONS[version]) storage.sql.exec(statement);
      storage.sql.exec("INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", String(version + 1));
    }
  });
}

/**
 * Every area's tables over the object's SQLite. `embeddings` names the embeddings server, read when
 * first needed; `messagesChanged` is told whenever what is left of the messages changes.
 */
export function openStore(storage: DurableObjectStorage, embeddings: () => EmbeddingsSetup, messagesChanged: () => void) {
  const db: DrizzleSqliteDODatabase = drizzle(storage);
  const transaction = <T>(work: () => T) => storage.transactionSync(work);
  const chats = new ChatTables(db, transaction);
  const memory = new MemoryTables(db, transaction, new VectorIndex(storage, embeddings));
  const allowances = new AllowanceTables(db, (kind) => {
    if (kind === "message") messagesChanged();
  });
  const tables: StoreTables = {
    chats,
    memory,
    allowances,
    stories: new StoryTables(db, transaction),
    files: new ChatFiles(db, transaction, chats),
    groups: new GroupTables(db, transaction, chats, memory),
    settings: new SettingsTables(db),
    calls: new CallTables(db, transaction, allowances),
  };
  return { db, tables };
}

export type ChatView = {
  opened: OpenedChat | null;
  settings: ChatSettingsRow | null;
  allowance: AllowanceState | null;
  memory: MemoryPin[];
  summaries: MemorySummary[];
};

/**
 * What a chat page (or a send) needs of the object, in one transaction: the chat on screen with the
 * character (only if it exists; the latest `window` of its branch) and what the character remembers
 * of it, the person's settings for the character, and, when `allowance` is given, their message allowance.
 */
export function readChatView(
  storage: DurableObjectStorage,
  tables: StoreTables,
  characterId: string,
  options: ChatRead & { chat: boolean; allowance?: AllowanceConfig | null },
): ChatView {
  const { chats, memory, allowances, settings } = tables;
  return storage.transactionSync(() => {
    const { window, before, branch, through, depth, tree } = options;
    const opened = options.chat
      ? chats.open({ id: characterId, name: "", thumbnail: null, greetings: [] }, { window, before, branch, through, depth, tree, create: false })
      : null;
    return {
      opened,
      settings: settings.get(characterId),
      allowance: options.allowance ? allowances.read("message", options.allowance, Date.now()) : null,
      memory: opened ? memory.pins(opened.chat.id) : [],
      summaries: opened ? memory.summaries(opened.chat.id) : [],
    };
  });
}
