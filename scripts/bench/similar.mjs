// The daily "Similar characters" statement (app/models/similar.sql, issue 64) at scale: 100,000
// characters (the bench seed) and a month of chats by BENCH_READERS people (default 50,000), each
// with 5 characters (the popular ones more often) on 1 to 4 days. Times the statement the hourly cron
// runs at 04:00 UTC, on the D1 file itself (D1 runs SQLite; this is the engine's time, without
// D1's network or its 30 s limit per query). Only 127.0.0.1 is contacted (none, in fact).
//   node scripts/bench/similar.mjs
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { similarStatements } from "../demo/activity.mjs";
import { freshState, root } from "../lib/serve-bundle.mjs";

const STATE = path.join(root, ".wrangler/bench-similar-state");
const BUNDLE = path.join(STATE, "bundle");
const READERS = Number(process.env.BENCH_READERS ?? 50_000);
const DAY_MS = 86_400_000;

freshState(STATE, BUNDLE);
console.log(execFileSync("node", ["scripts/bench-seed.mjs", STATE, BUNDLE]).toString().trim());
const dir = path.join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
const db = new DatabaseSync(
  path.join(
    dir,
    readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
  ),
);

// The same deterministic generator as the bench seed's, so every run has the same month.
let state = 20261207;
const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const ids = db
  .prepare("SELECT id FROM characters WHERE is_public = 1 ORDER BY points DESC")
  .all()
  .map((row) => row.id);
const now = Date.now();
const dayOf = (ago) => new Date(now - ago * DAY_MS).toISOString().slice(0, 10);

const seeded = performance.now();
db.exec("BEGIN");
const chatter = db.prepare("INSERT OR IGNORE INTO character_chatters (character_id, day, user_id) VALUES (?, ?, ?)");
const perDay = new Map();
let rows = 0;
for (let reader = 0; reader < READERS; reader++) {
  const userId = `simreader${String(reader).padStart(7, "0")}`;
  const picked = new Set();
  while (picked.size < 5) picked.add(ids[Math.floor(ids.length * random() ** 3)]);
  for (const characterId of picked) {
    const days = 1 + Math.floor(random() * 4);
    for (let d = 0; d < days; d++) {
      const day = dayOf(Math.floor(random() * 30));
      chatter.run(characterId, day, userId);
      rows++;
      const key = `${characterId}|${day}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
  }
}
const daily = db.prepare(
  "INSERT INTO character_daily (character_id, day, chats, opens) VALUES (?, ?, ?, ?) ON CONFLICT (character_id, day) DO UPDATE SET chats = chats + excluded.chats, opens = opens + excluded.opens",
);
for (const [key, count] of perDay) {
  const [characterId, day] = key.split("|");
  daily.run(characterId, day, count, count * 2);
}
db.exec("COMMIT");
console.log(
  `a month of chats: ${READERS} people, ${rows} chatter rows, ${perDay.size} character days, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const [clear, similar] = similarStatements(db, now);
const runs = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  clear.run();
  const { changes } = similar.run();
  runs.push({ "similar rows written": changes, "statement, ms": (performance.now() - started).toFixed(0) });
}
console.table(runs);
db.close();
