import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const build = (d1: D1Database) => drizzle(d1, { schema });

/**
 * One drizzle instance per D1 binding: building one reads the whole schema's relations, a measurable
 * share of a small request's CPU (decision 025). The binding outlives requests within an isolate; a
 * per-request wrapper (Server-Timing's) simply gets its own.
 */
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
