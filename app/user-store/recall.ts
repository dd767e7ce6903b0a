/**
 * Recall in the person's object (issue 62, decision 088): the messages of a chat's branch on screen
 * that the last turns' words call up, from the full-text index every message is in (SQLite FTS5,
 * BM25), with the messages before and after each. Only the branch through the message answered is
 * searched (the whole chat is indexed, so another branch shown later is found too), only messages
 * older than the prompt's window, never another chat's, never a deleted one (the index forgets a
 * message with it).
 */
import { sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import { RECALL_MOMENTS, recallMatch, type RecallAsk, type RecallMoment, type RecallRow } from "~/lib/chat/recall";
import { fuseRankings } from "~/lib/chat/vectors";
import type { VectorIndex } from "./vectors";

/**
 * A word in more than this share of the person's messages (and in more than COMMON_WORD_FLOOR) says
 * little about any one of them, in any language: it is not looked for, and a search reads few postings.
 */
const COMMON_WORD_SHARE = 0.02;
const COMMON_WORD_FLOOR = 20;
/** How many searches the count of messages is kept for before it is read again. */
const RECOUNT_EVERY = 500;
/** The rarest words a search looks for. */
const SEARCH_WORDS = 8;
/** How many of the best matches are read before keeping those on the branch. */
const MATCHES_READ = 200;
/** The branches kept in memory (ids of the messages on them), one per chat lately answered. */
const BRANCHES_KEPT = 2;

type Row = { id: string; parent_id: string | null; role: RecallRow["role"]; content: string; speaker_id: string | null; created_at: number };
const toRow = (r: Row): RecallRow => ({ id: r.id, role: r.role, content: r.content, speakerId: r.speaker_id, createdAt: r.created_at });

export class RecallIndex {
  /** Per chat, the ids on the branch through its last answered message (`tip`): walked once, then grown as the chat goes on. */
  readonly #branches = new Map<string, { tip: string; ids: Set<string> }>();
  /** How many messages the index has, read now and then (a count reads every row). */
  #messages = { count: 0, searches: RECOUNT_EVERY };

  constructor(
    private readonly db: DrizzleSqliteDODatabase,
    private readonly vectors: VectorIndex,
  ) {}

  /**
   * The moments `ask` calls up on the branch through `lastId`, best first: messages older than the
   * prompt's window (`ask.windowStart`), complete, each with its neighbours on the branch (when they
   * are older too). Found by their words, and, with `query` (the vector of the person's last message,
   * decision 089), by their meaning: the two rankings fused.
   */
  search(chatId: string, lastId: string, ask: RecallAsk, query: number[] | null = null, limit = RECALL_MOMENTS * 2): RecallMoment[] {
    const [start] = this.db.all<{ created_at: number }>(sql`select created_at from messages where id = ${ask.windowStart} and chat_id = ${chatId}`);
    if (!start) return [];
    const before = start.created_at;
    const byWords = this.byWords(chatId, lastId, ask, before, limit);
    const byMeaning = query ? this.vectors.nearest(chatId, query, before, (row) => this.branch(chatId, lastId).has(row.id), limit) : [];
    if (!byMeaning.length) return this.momentsOf(chatId, lastId, byWords, before, limit);
    const rows = new Map([...byWords, ...byMeaning].map((r) => [r.id, r]));
    const fused = fuseRankings([byWords.map((r) => r.id), byMeaning.map((r) => r.id)]).map((id) => rows.get(id)!);
    return this.momentsOf(chatId, lastId, fused, before, limit);
  }

  /** The best matches of the rarest words of `ask` on the branch through `lastId`, older than `before`, best first. */
  private byWords(chatId: string, lastId: string, ask: RecallAsk, before: number, limit: number): Row[] {
    const words = this.rarest(ask.terms);
    if (!words.length) return [];
    // The index is read first, best matches first (materialized: SQLite would otherwise walk the chat's
    // messages and ask the index about each), then each match's row by its rowid.
    const matches = this.db.all<Row & { score: number }>(sql`
      with found as materialized (
        select rowid, rank from messages_fts where messages_fts match ${recallMatch(words)} order by rank limit ${MATCHES_READ}
      )
      select m.id, m.parent_id, m.role, m.content, m.speaker_id, m.created_at, found.rank as score
      from found join messages m on m.rowid = found.rowid
      where m.chat_id = ${chatId} and m.created_at < ${before} and m.status = 'complete' and m.role != 'system'
      order by found.rank`);
    if (!matches.length) return [];
    const branch = this.branch(chatId, lastId);
    return matches.filter((m) => branch.has(m.id)).slice(0, limit);
  }

  /** The moments of `hits` (on the branch, best first): each with its neighbours on the branch older than `before`. */
  private momentsOf(chatId: string, lastId: string, hits: Row[], before: number, limit: number): RecallMoment[] {
    if (!hits.length) return [];
    const branch = this.branch(chatId, lastId);
    return hits.slice(0, limit).map((hit) => ({ hit: toRow(hit), before: this.parent(hit, before), after: this.child(hit.id, branch, before) }));
  }

  /** Reads the branch through `leafId` ahead of a search (a long chat just opened: the walk is done while the person reads, not when they send). */
  warm(chatId: string, leafId: string) {
    this.branch(chatId, leafId);
  }

  /** The words the index has in the fewest messages (and in at least one), rarest first. */
  private rarest(terms: string[]) {
    if (!terms.length) return [];
    const counts = this.db.all<{ term: string; doc: number }>(
      sql`select term, doc from messages_fts_words where term in (${sql.join(
        terms.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
    if (++this.#messages.searches >= RECOUNT_EVERY)
      this.#messages = { count: this.db.all<{ n: number }>(sql`select count(*) as n from messages`)[0]?.n ?? 0, searches: 0 };
    const common = Math.max(COMMON_WORD_FLOOR, this.#messages.count * COMMON_WORD_SHARE);
    return counts
      .filter((c) => c.doc <= common)
      .sort((a, b) => a.doc - b.doc)
      .slice(0, SEARCH_WORDS)
      .map((c) => c.term);
  }

  private parent(row: Row, before: number) {
    if (!row.parent_id) return null;
    const [parent] = this.db.all<Row>(sql`select id, parent_id, role, content, speaker_id, created_at from messages where id = ${row.parent_id}`);
    return parent && parent.created_at < before ? toRow(parent) : null;
  }

  private child(id: string, branch: Set<string>, before: number) {
    const children = this.db.all<Row>(sql`select id, parent_id, role, content, speaker_id, created_at from messages where parent_id = ${id}`);
    const next = children.find((c) => branch.has(c.id));
    return next && next.created_at < before ? toRow(next) : null;
  }

  /**
   * The ids on the branch from the root down to `lastId` (and, kept from before, possibly some after
   * it: they are newer than any prompt's window start, so a search never keeps them). Grown in place
   * when `lastId` follows the tip a few messages on; walked up again otherwise.
   */
  private branch(chatId: string, lastId: string): Set<string> {
    const kept = this.#branches.get(chatId);
    if (kept?.ids.has(lastId)) return kept.ids;
    if (kept) {
      const added: string[] = [];
      let id: string | null = lastId;
      for (let step = 0; id && step < 4; step++) {
        if (id === kept.tip) {
          for (const a of added) kept.ids.add(a);
          kept.tip = lastId;
          return kept.ids;
        }
        added.push(id);
        id = this.db.all<{ parent_id: string | null }>(sql`select parent_id from messages where id = ${id}`)[0]?.parent_id ?? null;
      }
    }
    const rows = this.db.all<{ id: string }>(sql`
      with recursive up(id, parent_id) as (
        select id, parent_id from messages where id = ${lastId} and chat_id = ${chatId}
        union all select m.id, m.parent_id from messages m join up on m.id = up.parent_id
      ) select id from up`);
    const ids = new Set(rows.map((r) => r.id));
    this.#branches.delete(chatId);
    this.#branches.set(chatId, { tip: lastId, ids });
    while (this.#branches.size > BRANCHES_KEPT) this.#branches.delete(this.#branches.keys().next().value!);
    return ids;
  }
}
