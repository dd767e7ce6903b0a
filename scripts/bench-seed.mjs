// Loads BENCH_CHARACTERS (default 100,000) generated characters into a local D1 state folder, with a
// realistic tag spread (about half Female, a third Male, most RolePlay, one to four other tags, a
// long tail of popularity). Run it after migrations and the demo seed, while no `wrangler dev` uses
// the folder: it writes the D1 SQLite file directly (node:sqlite), in one transaction, so the FTS and
// tag-sort triggers fire as they would in D1.
//   node scripts/bench-seed.mjs <persist-to folder>
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

const persistTo = process.argv[2] ?? ".wrangler/state";
const COUNT = Number(process.env.BENCH_CHARACTERS ?? 100_000);
const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
if (!file) throw new Error(`no D1 database in ${dir}: run the migrations first`);
const db = new DatabaseSync(join(dir, file));

// A small deterministic generator, so every bench run has the same data.
let state = 20261122;
const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(random() * list.length)];

const FIRST = [
  "Aria",
  "Bram",
  "Cass",
  "Dain",
  "Elowen",
  "Fenn",
  "Greta",
  "Hale",
  "Isolde",
  "Jory",
  "Kestrel",
  "Lune",
  "Mira",
  "Nox",
  "Orla",
  "Pike",
  "Quinn",
  "Rook",
  "Sable",
  "Tamsin",
  "Ulric",
  "Vesper",
  "Wren",
  "Yara",
  "Zephyr",
];
const LAST = [
  "Ashdown",
  "Blackwood",
  "Crane",
  "Dusk",
  "Ember",
  "Frost",
  "Grey",
  "Holloway",
  "Ivers",
  "Jade",
  "Kingsley",
  "Locke",
  "Marsh",
  "North",
  "Oakes",
  "Pryce",
  "Quill",
  "Raven",
  "Stone",
  "Thorne",
  "Vale",
  "West",
];
const ROLES = [
  "lighthouse keeper",
  "starship engineer",
  "court mage",
  "detective",
  "bard",
  "mercenary",
  "librarian",
  "pirate captain",
  "alchemist",
  "ranger",
  "vampire noble",
  "android",
  "innkeeper",
  "knight",
  "hacker",
];
const PLACES = [
  "a drowned city",
  "the northern marches",
  "a neon megacity",
  "an enchanted forest",
  "a desert caravan",
  "a haunted manor",
  "an orbital station",
  "a mountain monastery",
];

const tagIds = new Map(
  db
    .prepare("SELECT id, name FROM tags")
    .all()
    .map((t) => [t.name, t.id]),
);
const others = [...tagIds.keys()].filter((n) => !["Female", "Male", "RolePlay"].includes(n));
const users = db
  .prepare("SELECT id FROM users WHERE is_banned = 0")
  .all()
  .map((u) => u.id);
if (!tagIds.size || !users.length) throw new Error("run the demo seed first (tags and users are needed)");

const insertCharacter = db.prepare(
  "INSERT OR IGNORE INTO characters (id, user_id, name, description, persona, greeting, points, upvotes, favorites, is_public, release_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
);
const insertTag = db.prepare("INSERT OR IGNORE INTO character_tags (character_id, tag_id) VALUES (?, ?)");
const started = Date.now();
const now = Date.now();
db.exec("BEGIN");
for (let i = 0; i < COUNT; i++) {
  const id = `bench${i.toString(36).padStart(11, "0")}`;
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const role = pick(ROLES);
  const description = `A ${role} from ${pick(PLACES)}.`;
  // Popularity has a long tail: most characters have a few points, a few have thousands.
  const upvotes = Math.floor(Math.pow(random(), 6) * 5000);
  const favorites = Math.floor(upvotes * random() * 0.6);
  const points = upvotes * 2 + favorites * 3 + Math.floor(random() * 50);
  const isPublic = random() < 0.92 ? 1 : 0;
  const created = now - Math.floor(random() * 730 * 86_400_000);
  insertCharacter.run(
    id,
    pick(users),
    name,
    description,
    `${name}'s Persona: ${description}`,
    `Hello. I am ${name}.`,
    points,
    upvotes,
    favorites,
    isPublic,
    isPublic ? created + 3_600_000 : null,
    created,
    created,
  );
  const tags = new Set();
  const gender = random();
  if (gender < 0.5) tags.add("Female");
  else if (gender < 0.83) tags.add("Male");
  if (random() < 0.7) tags.add("RolePlay");
  const extra = 1 + Math.floor(random() * 4);
  for (let t = 0; t < extra; t++) tags.add(pick(others));
  for (const tag of tags) insertTag.run(id, tagIds.get(tag));
}
db.exec("COMMIT");
db.close();
console.log(`bench seed: ${COUNT} characters in ${((Date.now() - started) / 1000).toFixed(1)} s`);
