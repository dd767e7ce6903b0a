import { drizzle } from "drizzle-orm/d1";

/**
 * Without the schema: nothing uses drizzle's relational queries, and reading the schema's relations
 * was a measurable share of a small request's CPU (decision 025). So a drizzle per request, over the
 * request's own D1 session (decision 050), costs next to nothing.
 */
const build = (d1: D1Database) => drizzle(d1);

/** One drizzle instance per D1 binding or session. */
const instances = new WeakMap<D1Database, ReturnType<typeof build>>();

export function createDb(d1: D1Database) {
  let db = instances.get(d1);
  if (!db) {
    db = build(d1);
    instances.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
