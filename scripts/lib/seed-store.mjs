// Rows written straight into a person's object (decisions 052 and 086): the demo seed's chats, the
// bench's long chat, the server tests' fixtures. The deployed object has no call that does this: the
// seeds run the built Worker with `withSeeding`'s subclass in its place (seedingWorker below), and the
// server tests call `seedRows` on the object itself through `runInDurableObject`.

/**
 * Writes seeded rows in one transaction, insert or ignore (what the object has wins), so a seed run
 * again adds nothing. Answers how many rows are new, and which chats (the demo seed counts its daily
 * figures from those alone). Times are epoch milliseconds or Dates.
 */
export async function seedRows(store, owner, rows) {
  await store.open(owner);
  const { chats, stories, allowances } = store.tables;
  const at = (value) => new Date(value);
  return store.ctx.storage.transactionSync(() => {
    for (const { kind, token, resetAt } of rows.allowances ?? []) allowances.insertRow(kind, { token, resetAt: at(resetAt) });
    return {
      ...chats.insertRows(
        (rows.chats ?? []).map((row) => ({ ...row, createdAt: at(row.createdAt), updatedAt: at(row.updatedAt) })),
        (rows.messages ?? []).map((row) => ({ error: null, model: null, ...row, createdAt: at(row.createdAt) })),
      ),
      ...stories.insertRows(
        (rows.stories ?? []).map((row) => ({ ...row, createdAt: at(row.createdAt), updatedAt: at(row.updatedAt) })),
        (rows.storyTurns ?? []).map((row) => ({ ...row, createdAt: at(row.createdAt) })),
      ),
    };
  });
}

/** Sets what is left of an allowance and until when (a test's starting point). */
export async function putAllowance(store, owner, kind, state) {
  await store.open(owner);
  store.tables.allowances.put(kind, state);
}

/**
 * The built object with `takeRows` reachable over RPC, for the seeds' own Worker; and, for the bench
 * (scripts/bench/recall.mjs), recall's search and a trivial read of the same kind beside it, and the
 * bytes recall's index takes.
 */
export function withSeeding(UserStore) {
  return class SeedingUserStore extends UserStore {
    takeRows(owner, rows) {
      return seedRows(this, owner, rows);
    }
    async benchRecall(owner, chatId, lastId, ask) {
      await this.open(owner);
      return this.tables.memory.recall.search(chatId, lastId, ask).map((m) => m.hit.id);
    }
    async benchPins(owner, chatId) {
      await this.open(owner);
      return this.tables.memory.pins(chatId).length;
    }
    benchIndexBytes() {
      const sql = this.ctx.storage.sql;
      const index = sql
        .exec(
          "select (select coalesce(sum(length(block)), 0) + count(*) * 8 from messages_fts_data) + (select coalesce(sum(length(sz)), 0) + count(*) * 8 from messages_fts_docsize) + (select count(*) * 24 from messages_fts_idx) as bytes",
        )
        .one().bytes;
      const messages = sql.exec("select count(*) as n, coalesce(sum(length(content)), 0) as text from messages").one();
      return { index, messages: messages.n, text: messages.text, database: sql.databaseSize };
    }
  };
}

/** The main module of the seeds' Worker: the built Worker (`./index.js`) with the seeding object in its object's place. */
export const seedingWorker = `
import app from "./index.js";
import { UserStore as AppUserStore } from "./index.js";
import { withSeeding } from "./seed-store.mjs";
export * from "./index.js";
export default app;
export const UserStore = withSeeding(AppUserStore);
`;
