// Only issue 64's figures of `npm run bench`, on a fresh state with 100,000 characters, in a few
// minutes: `node scripts/bench/community-only.mjs` (after `npm run build`). Trending and Following
// against the catalog's /characters page (D1 round trips, and time one at a time over the static
// asset), and the Creator Hub's dashboard of a creator with 50 characters over 90 days.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { freshState, root, serveBundle } from "../lib/serve-bundle.mjs";
import { medianOf, roundTripsOf } from "./pages.mjs";
import { signedInCookie } from "./session.mjs";

const PORT = 8811;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = path.join(root, ".wrangler/bench-community-state");
const BUNDLE = path.join(STATE, "bundle");
freshState(STATE, BUNDLE);
console.log(execFileSync("node", ["scripts/bench-seed.mjs", STATE, BUNDLE]).toString().trim());
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
} finally {
  await server.dispose();
}
