// Only issue 64's figures of `npm run bench`, on a fresh state with 100,000 characters, in a few
// minutes: `node scripts/bench/community-only.mjs` (after `npm run build`). Trending and Following
// against the catalog's /characters page (D1 round trips, and time one at a time over the static
// asset), the Creator Hub's dashboard of a creator with 50 characters over 90 days, and a publish
// whose creator has 100,000 followers (the publish's answer, and when the last follower is told).
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { freshState, root, serveBundle } from "../lib/serve-bundle.mjs";
import { medianOf, roundTripsOf } from "./pages.mjs";
import { signedInCookie } from "./session.mjs";

const PORT = 8811;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = path.join(root, ".wrangler/bench-community-state");
const BUNDLE = path.join(STATE, "bundle");
freshState(STATE, BUNDLE);
console.log(execFileSync("node", ["scripts/bench-seed.mjs", STATE, BUNDLE]).toString().trim());
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const LAST_FAN = seedFollowers(FOLLOWERS);
const asset = `/assets/${readdirSync("build/client/assets").find((f) => f.endsWith(".js"))}`;
const PAGES = [
  { path: "/characters?tag=Female&page=1", who: "gold@example.com" },
  { path: "/characters?sort=trending", who: "gold@example.com" },
  { path: "/characters?sort=trending-week&tag=Female&page=20", who: "gold@example.com" },
  { path: "/characters/following", who: "gold@example.com" },
  { path: "/characters/creator-hub?days=90", who: "bench-creator@example.com" },
];
const server = await serveBundle({ bundle: BUNDLE, state: STATE, port: PORT, vars: { APP_ENV: "development", SERVER_TIMING: "on" } });
try {
  const cookies = {};
  for (const who of new Set(PAGES.map((p) => p.who))) cookies[who] = await signedInCookie(BASE, who);
  const rows = [];
  for (const page of PAGES) {
    const cookie = cookies[page.who];
    await medianOf({ base: BASE, cookie, path: page.path, count: 5 }); // warm-up
    const trips = await roundTripsOf({ base: BASE, cookie, path: page.path });
    const staticOne = await medianOf({ base: BASE, cookie: "", path: asset, count: 20 });
    const one = await medianOf({ base: BASE, cookie, path: page.path, count: 20 });
    rows.push({
      path: page.path,
      "D1 in sequence (of all)": trips ? `${trips.sequence} (${trips.all})` : "?",
      "median ms": one.ms.toFixed(1),
      "− static ms": (one.ms - staticOne.ms).toFixed(1),
      KB: (one.bytes / 1024).toFixed(1),
    });
  }
  console.table(rows);
  console.table([await publishToFollowers(cookies["bench-creator@example.com"])]);
} finally {
  await server.dispose();
}

/** bench-creator@example.com gets this many followers and a private character to publish (decision 095). */
function seedFollowers(count) {
  const dir = path.join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const db = new DatabaseSync(
    path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite"),
    ),
  );
  const now = Date.now();
  db.exec("BEGIN");
  const user = db.prepare("INSERT INTO users (id, email, name, age_confirmed_at, terms_accepted_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const follow = db.prepare("INSERT INTO follows (follower_id, creator_id) VALUES (?, 'benchcreator0001')");
  let last = "";
  for (let n = 0; n < count; n++) {
    const id = `benchfan${String(n).padStart(8, "0")}`;
    user.run(id, `${id}@example.com`, id, now, now, now, now);
    follow.run(id);
    last = `${id}@example.com`;
  }
  db.prepare(
    "INSERT INTO characters (id, user_id, name, description, persona, greeting, is_public, created_at, updated_at) VALUES ('benchfanout00001', 'benchcreator0001', 'Bench Debut', 'Published to many followers.', '', 'Hello.', 0, ?, ?)",
  ).run(now, now);
  db.exec("COMMIT");
  db.close();
  return last;
}

/** Publishes the creator's new character: how long the publish takes, and until the last follower's bell has it. */
async function publishToFollowers(cookie) {
  const fan = await signedInCookie(BASE, LAST_FAN);
  const started = performance.now();
  const answer = await fetch(`${BASE}/api/characters/benchfanout00001/publish`, {
    method: "PUT",
    headers: { cookie, origin: BASE, "content-type": "application/json" },
    body: JSON.stringify({ isPublic: true }),
  });
  const publishMs = performance.now() - started;
  if (!answer.ok) throw new Error(`publish answered ${answer.status}`);
  for (;;) {
    const { items } = await (await fetch(`${BASE}/api/notifications`, { headers: { cookie: fan } })).json();
    if (items.some((item) => item.characterId === "benchfanout00001")) break;
    if (performance.now() - started > 600_000) throw new Error("the last follower was not told within 10 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { followers: FOLLOWERS, "publish answered, ms": publishMs.toFixed(1), "last follower told, s": ((performance.now() - started) / 1000).toFixed(1) };
}
