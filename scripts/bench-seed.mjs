// Loads BENCH_CHARACTERS (default 100,000) generated characters into a local D1 state folder, with a
// realistic tag spread (about half Female, a third Male, most RolePlay, one to four other tags, a
// long tail of popularity), and a 200-message chat (seedLongChat). Run it after migrations and the demo
// seed, while no server uses the folder: it writes the D1 SQLite file directly (node:sqlite), in one
// transaction, so the FTS and tag-sort triggers fire as they would in D1. The chat goes into
// gold@example.com's own object through the Worker bundle (decision 052).
//   node scripts/bench-seed.mjs <persist-to folder> <bundle folder>
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { intoObjects } from "./lib/seed-objects.mjs";

const persistTo = process.argv[2] ?? ".wrangler/state";
const bundle = process.argv[3] ?? ".wrangler/bundle";
const COUNT = Number(process.env.BENCH_CHARACTERS ?? 100_000);
const LONG_CHAT_MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 200);
/** The character whose chat page the bench measures (the long chat is gold@example.com's). */
const LONG_CHAT_CHARACTER = "benchlongchat000";
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
  "INSERT OR IGNORE INTO characters (id, user_id, name, description, persona, greeting, points, upvotes, favorites, is_public, release_date, created_at, updated_at, trending_day, trending_week) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
  // Trending (issue 64): a fifth of them had chats started this week, a long tail again.
  const week = random() < 0.2 ? Math.floor(Math.pow(random(), 3) * 200) : 0;
  const day = Math.floor(week * random() * 0.4);
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
    day,
    week,
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
// gold@example.com follows five creators (about 3,000 of the characters): /characters/following at scale.
const gold = db.prepare("SELECT id FROM users WHERE email = ?").get("gold@example.com")?.id;
for (const creator of users.filter((u) => u !== gold).slice(0, 5))
  db.prepare("INSERT OR IGNORE INTO follows (follower_id, creator_id) VALUES (?, ?)").run(gold, creator);
seedCreator();
const longChat = seedLongChat();
db.exec("COMMIT");
db.close();
await intoObjects({ bundle, state: persistTo, byOwner: new Map([[longChat.owner, longChat.rows]]) });
console.log(`bench seed: ${COUNT} characters and a ${LONG_CHAT_MESSAGES}-message chat in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/**
 * bench-creator@example.com with 50 public characters and 180 days of their daily figures (issue 64):
 * the Creator Hub's dashboard at its largest period and the one before it.
 */
function seedCreator() {
  const id = "benchcreator0001";
  db.prepare(
    "INSERT OR IGNORE INTO users (id, email, name, age_confirmed_at, terms_accepted_at, created_at, updated_at) VALUES (?, 'bench-creator@example.com', 'Bench Creator', ?, ?, ?, ?)",
  ).run(id, now, now, now, now);
  const daily = db.prepare(
    "INSERT OR IGNORE INTO character_daily (character_id, day, impressions, opens, chats, messages, chatters, returned, upvotes, favorites, ratings, rating_sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (let i = 0; i < 50; i++) {
    const characterId = `benchmine${String(i).padStart(7, "0")}`;
    insertCharacter.run(characterId, id, `Bench Mine ${i}`, "A character of the bench creator.", "", "Hello.", 0, 0, 0, 1, now, now, now, 0, 0);
    for (let d = 0; d < 180; d++) {
      const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
      const chats = Math.floor(random() * 20);
      const ratings = Math.floor(random() * 3);
      daily.run(
        characterId,
        day,
        chats * 15,
        chats * 3,
        chats,
        chats * 12,
        chats,
        Math.floor(chats / 3),
        Math.floor(random() * 4),
        Math.floor(random() * 2),
        ratings,
        ratings * 4,
      );
    }
  }
}

/**
 * A public character with a 200-message chat (BENCH_CHAT_MESSAGES) for gold@example.com: replies as
 * characters write them (*actions*, "speech", emphasis, paragraphs, now and then a link), so the
 * bench's chat page renders what a long real chat holds.
 */
function seedLongChat() {
  const owner = db.prepare("SELECT id FROM users WHERE email = ?").get("gold@example.com")?.id;
  if (!owner) throw new Error("the demo seed's gold@example.com is needed for the long chat");
  const created = now - 86_400_000;
  insertCharacter.run(
    LONG_CHAT_CHARACTER,
    users[0],
    "Marlowe Vance",
    "A retired airship captain who runs a tea house above the clouds.",
    "Marlowe is warm, dry-witted and full of stories about the sky routes.",
    '*Marlowe sets a steaming cup in front of you.* "Sit. The storm will pass, and the tea won\'t wait."',
    500,
    100,
    50,
    1,
    created,
    created,
    created,
    0,
    0,
  );
  insertTag.run(LONG_CHAT_CHARACTER, tagIds.get("Male"));
  const chatId = "benchlongchat001";
  const messages = [];
  let parent = null;
  for (let i = 0; i < LONG_CHAT_MESSAGES; i++) {
    const id = `benchmsg${i.toString(36).padStart(8, "0")}`;
    const content = i % 2 === 0 ? userLine(i) : characterReply(i);
    messages.push({ id, chatId, parentId: parent, role: i % 2 === 0 ? "user" : "character", content, status: "complete", createdAt: created + i * 60_000 });
    parent = id;
  }
  const chat = {
    id: chatId,
    characterId: LONG_CHAT_CHARACTER,
    title: "Tea above the clouds",
    selected: true,
    leafMessageId: parent,
    characterName: "Marlowe Vance",
    characterThumbnail: null,
    createdAt: created,
    updatedAt: created + LONG_CHAT_MESSAGES * 60_000,
  };
  return { owner, rows: { chats: [chat], messages } };
}

function userLine(i) {
  return `*leans on the railing* "${pick(["Tell me about", "What happened on", "Have you ever flown over", "Who taught you to sail"])} ${pick(PLACES)}?" (${i})`;
}

function characterReply(i) {
  const action = `*${pick(["Marlowe laughs and refills your cup", "The captain glances at the barometer", "He taps the old brass compass", "Marlowe leans back, eyes on the horizon"])}.*`;
  const speech = `"${pick(["We lost two engines over", "I once traded a map for a night in", "Nobody believes me about", "The best tea I ever had was in"])} ${pick(PLACES)}. ${pick(["The wind there has **teeth**.", "You'd *like* it there.", "I still dream of it.", "Never again, I swore. I went back twice."])}"`;
  const more = `${pick(["The kettle whistles somewhere below.", "Rain needles the round windows.", "A gull lands on the sill and eyes your biscuit."])} ${pick(["He waits for your answer.", "*He smiles, just a little.*", "_The ship creaks, as if agreeing._"])}`;
  const link = i % 25 === 1 ? " The charts are at https://example.com/sky-routes if you want them." : "";
  return `${action} ${speech}\n\n${more}${link}`;
}
