/**
 * Vectors for hybrid recall in the person's object (issue 62, decision 089), when the deployment
 * has an embeddings server (EMBEDDINGS_PROVIDER). Every message is queued as it is stored (a
 * trigger, migration 22) and embedded in the background by the object's alarm, 32 to a request, never
 * on a reply's way; a message not embedded yet is still found by its words. A vector is kept as one
 * byte per dimension plus its sign bits: a search compares the sign bits of the chat's vectors (kept
 * in memory) with the query's, then scores the nearest 128 by cosine. The query is the person's last
 * message: its vector is made when it is sent (waited for at most `QUERY_WAIT_MS`, else the reply
 * recalls by words alone) and kept as that message's vector.
 */
import { cosine, nearestCodes, quantise, signBits } from "~/lib/chat/vectors";
import type { Embedder } from "~/lib/providers/embeddings/types";

/** How many messages go in one request to the embeddings server, and how many requests one alarm makes. */
const BATCH = 32;
const BATCHES_PER_RUN = 8;
/** The most of a message's text sent to be embedded (small models read 512 tokens). */
const TEXT_LIMIT = 2_000;
/** How long a background request may take. */
const BATCH_TIMEOUT_MS = 30_000;
/** How long a send waits for its message's vector before recalling by words alone. */
export const QUERY_WAIT_MS = 500;
/** How soon after a message is stored its embedding starts (messages stored together go in one request). */
const EMBED_DELAY_MS = 1_000;
/** After a failed request, the next try waits this long, doubled each time up to an hour. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MOST_MS = 3_600_000;
/** How many nearest by sign bits are scored by cosine. */
const CANDIDATES = 128;
/** The chats whose sign bits are kept in memory. */
const CHATS_KEPT = 2;

export type VectorRow = {
  id: string;
  parent_id: string | null;
  role: "user" | "character" | "system";
  content: string;
  speaker_id: string | null;
  created_at: number;
};
type Codes = { words: number; n: number; rowids: Float64Array; createdAt: Float64Array; codes: Uint32Array };
export type EmbeddingsSetup = { embedder: Embedder | null; minSimilarity: number };

export class VectorIndex {
  readonly #codes = new Map<string, Codes>();
  #setup: EmbeddingsSetup | null = null;
  #retry = { at: 0, wait: RETRY_FIRST_MS };

  constructor(
    private readonly storage: DurableObjectStorage,
    /** The deployment's embeddings server, read when first needed (the object's config). */
    private readonly setup: () => EmbeddingsSetup,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** Whether vectors are made here; the first call lines the object up with the configured model (queues what lacks a vector, or stops queueing). */
  on(): boolean {
    if (this.#setup) return !!this.#setup.embedder;
    try {
      this.#setup = this.setup();
    } catch (error) {
      // A configuration the object cannot read leaves recall text only (and what is stored as it was); the Worker names the error.
      console.error(`recall: embeddings are off: ${error instanceof Error ? error.message : String(error)}`);
      this.#setup = { embedder: null, minSimilarity: 1 };
      return false;
    }
    const model = this.#setup.embedder?.label ?? null;
    this.storage.transactionSync(() => {
      const flag = this.meta("embeddings_model");
      if (!model) {
        if (flag !== null) {
          this.sql.exec("DELETE FROM meta WHERE key = 'embeddings_model'");
          this.sql.exec("DELETE FROM embedding_queue");
        }
        return;
      }
      if (this.meta("vectors_model") !== model) {
        this.sql.exec("DELETE FROM message_vectors");
        this.sql.exec("INSERT INTO meta (key, value) VALUES ('vectors_model', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", model);
      }
      if (flag !== model) {
        this.sql.exec("INSERT INTO meta (key, value) VALUES ('embeddings_model', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", model);
        this.sql.exec(
          "INSERT OR IGNORE INTO embedding_queue (message_rowid) SELECT m.rowid FROM messages m WHERE NOT EXISTS (SELECT 1 FROM message_vectors v WHERE v.message_rowid = m.rowid)",
        );
      }
    });
    return !!this.#setup.embedder;
  }

  private meta(key: string): string | null {
    return (this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value as string | undefined) ?? null;
  }

  /** How many messages wait for a vector (complete ones; a reply being written waits until it is). */
  pending(): number {
    if (!this.on()) return 0;
    return Number(
      this.sql.exec("SELECT count(*) AS n FROM embedding_queue q JOIN messages m ON m.rowid = q.message_rowid WHERE m.status = 'complete'").one().n,
    );
  }

  /** Asks the object's alarm to embed what was just stored, soon (an alarm set sooner is kept). */
  async soon() {
    if (!this.on() || !this.pending()) return;
    const at = Math.max(Date.now() + EMBED_DELAY_MS, this.#retry.at);
    const alarm = await this.storage.getAlarm();
    if (alarm === null || alarm > at) await this.storage.setAlarm(at);
  }

  /**
   * Embeds queued messages (the alarm's share): up to 8 requests of 32. A message changed or deleted
   * while its request ran is not stored (it is queued again or gone). When to run again: null when
   * nothing is left, later after a failure.
   */
  async drain(): Promise<number | null> {
    if (!this.on()) return null;
    const embedder = this.#setup!.embedder!;
    if (Date.now() < this.#retry.at) return this.#retry.at;
    // A reply that failed is never embedded, nor is an empty or system message.
    this.sql.exec(
      "DELETE FROM embedding_queue WHERE message_rowid IN (SELECT q.message_rowid FROM embedding_queue q LEFT JOIN messages m ON m.rowid = q.message_rowid WHERE m.rowid IS NULL OR m.status = 'failed' OR m.role = 'system' OR trim(m.content) = '')",
    );
    for (let run = 0; run < BATCHES_PER_RUN; run++) {
      const rows = this.sql
        .exec<{ rowid: number; content: string }>(
          "SELECT q.message_rowid AS rowid, m.content FROM embedding_queue q JOIN messages m ON m.rowid = q.message_rowid WHERE m.status = 'complete' ORDER BY q.message_rowid LIMIT ?",
          BATCH,
        )
        .toArray();
      if (!rows.length) return null;
      let vectors: number[][];
      try {
        vectors = await embedder.embed(
          rows.map((r) => String(r.content).slice(0, TEXT_LIMIT)),
          AbortSignal.timeout(BATCH_TIMEOUT_MS),
        );
      } catch (error) {
        this.#retry = { at: Date.now() + this.#retry.wait, wait: Math.min(this.#retry.wait * 2, RETRY_MOST_MS) };
        console.warn(
          `recall: ${embedder.label}: ${error instanceof Error ? error.message : String(error)}; next try in ${Math.round((this.#retry.at - Date.now()) / 1000)} s`,
        );
        return this.#retry.at;
      }
      this.#retry = { at: 0, wait: RETRY_FIRST_MS };
      this.storage.transactionSync(() => rows.forEach((row, i) => this.keep(Number(row.rowid), String(row.content), vectors[i])));
    }
    return this.pending() ? Date.now() : null;
  }

  /** Stores `vector` as the message's if its text is still `content` (it was not edited or deleted meanwhile). */
  private keep(rowid: number, content: string, vector: number[]) {
    const [now] = this.sql
      .exec<{ chat_id: string; content: string; created_at: number }>("SELECT chat_id, content, created_at FROM messages WHERE rowid = ?", rowid)
      .toArray();
    if (!now || now.content !== content) return;
    const kept = quantise(vector);
    const bits = signBits(kept);
    this.sql.exec(
      "INSERT INTO message_vectors (message_rowid, chat_id, vec, bits) VALUES (?, ?, ?, ?) ON CONFLICT (message_rowid) DO UPDATE SET vec = excluded.vec, bits = excluded.bits",
      rowid,
      now.chat_id,
      kept.buffer,
      bits.buffer,
    );
    this.sql.exec("DELETE FROM embedding_queue WHERE message_rowid = ?", rowid);
    const codes = this.#codes.get(String(now.chat_id));
    if (codes && codes.words === bits.length) append(codes, rowid, Number(now.created_at), bits);
  }

  /** Starts embedding a message as it is sent (null when there is no server, or it failed): the query of the reply's recall. */
  embedNow(text: string): Promise<number[] | null> | null {
    if (!this.on()) return null;
    return this.#setup!.embedder!.embed([text.slice(0, TEXT_LIMIT)], AbortSignal.timeout(BATCH_TIMEOUT_MS)).then(
      (v) => v[0],
      () => null,
    );
  }

  /**
   * The vector of the person's last message (`query`): the one kept, else the one being made
   * (`early`, started as it was sent) or made now, waited for at most QUERY_WAIT_MS. A vector that
   * comes later is still kept as the message's.
   */
  async queryVector(query: { id: string; text: string } | undefined, early?: Promise<number[] | null> | null): Promise<number[] | null> {
    if (!query || !this.on()) return null;
    const [kept] = this.sql
      .exec<{ vec: ArrayBuffer }>("SELECT v.vec FROM message_vectors v JOIN messages m ON m.rowid = v.message_rowid WHERE m.id = ?", query.id)
      .toArray();
    if (kept) return Array.from(new Int8Array(kept.vec as ArrayBuffer));
    const making = early ?? this.embedNow(query.text);
    if (!making) return null;
    void making.then((vector) => vector && this.keepFor(query.id, query.text, vector));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUERY_WAIT_MS)));
    try {
      return await Promise.race([making, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps a vector made as the message was sent (by `embedNow`) as the message's, so the background does not make it again. */
  keepFor(messageId: string, content: string, vector: number[]) {
    const [row] = this.sql.exec<{ rowid: number }>("SELECT rowid FROM messages WHERE id = ?", messageId).toArray();
    if (row) this.storage.transactionSync(() => this.keep(Number(row.rowid), content, vector));
  }

  /**
   * The messages of `chatId` older than `before` whose meaning is nearest `query`, nearest first, with
   * a cosine of at least EMBEDDINGS_MIN_SIMILARITY; `keep` says which count (the branch on screen, complete).
   */
  nearest(chatId: string, query: number[], before: number, keep: (row: VectorRow) => boolean, limit: number): VectorRow[] {
    if (!this.on()) return [];
    const codes = this.codesOf(chatId);
    const bits = signBits(query);
    if (!codes.n || codes.words !== bits.length) return [];
    const places = nearestCodes(codes.codes, codes.n, bits, CANDIDATES, (row) => codes.createdAt[row] < before);
    if (!places.length) return [];
    const rowids = [...new Set(places.map((p) => codes.rowids[p]))];
    const rows = this.sql
      .exec<VectorRow & { vec: ArrayBuffer; status: string }>(
        `SELECT v.vec, m.id, m.parent_id, m.role, m.content, m.speaker_id, m.created_at, m.status
         FROM message_vectors v JOIN messages m ON m.rowid = v.message_rowid
         WHERE v.message_rowid IN (SELECT value FROM json_each(?))`,
        JSON.stringify(rowids),
      )
      .toArray() as unknown as (VectorRow & { vec: ArrayBuffer; status: string })[];
    const { minSimilarity } = this.#setup!;
    return rows
      .filter((r) => r.status === "complete" && r.role !== "system" && r.created_at < before && keep(r))
      .map((r) => ({ row: r, score: cosine(query, new Int8Array(r.vec)) }))
      .filter((s) => s.score >= minSimilarity)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ row: { id, parent_id, role, content, speaker_id, created_at } }) => ({ id, parent_id, role, content, speaker_id, created_at }));
  }

  /** The sign bits of a chat's vectors, read once and then kept (grown as vectors are made). */
  private codesOf(chatId: string): Codes {
    const kept = this.#codes.get(chatId);
    if (kept) return kept;
    const codes: Codes = { words: 0, n: 0, rowids: new Float64Array(64), createdAt: new Float64Array(64), codes: new Uint32Array(0) };
    const rows = this.sql.exec<{ rowid: number; created_at: number; bits: ArrayBuffer }>(
      "SELECT v.message_rowid AS rowid, m.created_at, v.bits FROM message_vectors v JOIN messages m ON m.rowid = v.message_rowid WHERE v.chat_id = ?",
      chatId,
    );
    for (const row of rows) {
      const bits = new Uint32Array(row.bits as ArrayBuffer);
      if (!codes.words) codes.words = bits.length;
      if (bits.length === codes.words) append(codes, Number(row.rowid), Number(row.created_at), bits);
    }
    this.#codes.set(chatId, codes);
    while (this.#codes.size > CHATS_KEPT) this.#codes.delete(this.#codes.keys().next().value!);
    return codes;
  }
}

function append(codes: Codes, rowid: number, createdAt: number, bits: Uint32Array) {
  if (!codes.words) codes.words = bits.length;
  if (codes.n === codes.rowids.length || codes.codes.length < (codes.n + 1) * codes.words) {
    const size = Math.max(64, codes.n * 2);
    const grow = <T extends Float64Array | Uint32Array>(old: T, length: number, make: (n: number) => T) => {
      const next = make(length);
      next.set(old.subarray(0, Math.min(old.length, length)));
      return next;
    };
    codes.rowids = grow(codes.rowids, size, (n) => new Float64Array(n));
    codes.createdAt = grow(codes.createdAt, size, (n) => new Float64Array(n));
    codes.codes = grow(codes.codes, size * codes.words, (n) => new Uint32Array(n));
  }
  codes.rowids[codes.n] = rowid;
  codes.createdAt[codes.n] = createdAt;
  codes.codes.set(bits, codes.n * codes.words);
  codes.n++;
}
