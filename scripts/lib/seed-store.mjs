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
    async benchRecall(owner, chatId, lastId, ask, query = null) {
      await this.open(owner);
      return this.tables.memory.recall.search(chatId, lastId, ask, query).map((m) => m.hit.id);
    }
    /**
     * Hybrid recall's vectors for every message of a chat, as the background would have made them
     * (decision 089): `dims` pseudo-random bytes each, and `near` (a list of numbers) for `nearId`.
     * Answers the bytes they added to the database.
     */
    async benchVectors(owner, chatId, dims, nearId, near) {
      await this.open(owner);
      this.tables.memory.vectors.on();
      const sql = this.ctx.storage.sql;
      const before = sql.databaseSize;
      let x = 7;
      this.ctx.storage.transactionSync(() => {
        for (const row of sql.exec("SELECT rowid, id FROM messages WHERE chat_id = ?", chatId)) {
          const vec = new Int8Array(dims);
          for (let i = 0; i < dims; i++) {
            x = (Math.imul(x, 1103515245) + 12345) >>> 0;
            vec[i] = row.id === nearId ? near[i] : ((x >>> 16) % 255) - 127;
          }
          const bits = new Uint32Array(Math.ceil(dims / 32));
          for (let i = 0; i < dims; i++) if (vec[i] > 0) bits[i >>> 5] |= 1 << (i & 31);
          sql.exec(
            "INSERT OR REPLACE INTO message_vectors (message_rowid, chat_id, vec, bits) VALUES (?, ?, ?, ?)",
            row.rowid,
            chatId,
            vec.buffer,
            bits.buffer,
          );
        }
        sql.exec("DELETE FROM embedding_queue");
      });
      return sql.databaseSize - before;
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
