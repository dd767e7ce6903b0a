// Loads the demo data into local D1 and R2 (the same state `npm start` serves), and the demo chats
// straight into each person's own object (decision 052). Safe to run again.
import { readFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import {
  addActivity,
  addLongChat,
  figuresStatements,
  followStatements,
  exposureStatements,
  recountStatement,
  reviewStatements,
  similarStatements,
  voteStatements,
} from "./demo/activity.mjs";
import { CREATORS, READERS, demoCharacters, demoId } from "./demo/catalog.mjs";
import { moderationStatements } from "./demo/moderation.mjs";
import { renderPortrait } from "./demo/portrait.mjs";
import { DEMO_USERS } from "./demo/users.mjs";
import { intoObjects, rowsOf } from "./lib/seed-objects.mjs";
import { root, writeBundle } from "./lib/serve-bundle.mjs";
import { plainStatements, runStatements } from "./lib/sql-text.mjs";

const ROOT = new URL("../", import.meta.url);
const readJson = (p) => JSON.parse(readFileSync(new URL(p, ROOT), "utf8"));

/** Tag names come from app/spec/tags.ts, the one list in the codebase. */
function specList(constName) {
  const source = readFileSync(new URL("app/spec/tags.ts", ROOT), "utf8");
  const match = source.match(new RegExp(`export const ${constName} = \\[([\\s\\S]*?)\\] as const`));
  if (!match) throw new Error(`${constName} not found in app/spec/tags.ts`);
  return [...match[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

const slugify = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const started = Date.now();
// SEED_PERSIST_TO matches `wrangler dev --persist-to` (the e2e tests use their own state folder);
// SEED_BUNDLE is a Worker bundle already written for this code (else the seed writes one).
const persistTo = process.env.SEED_PERSIST_TO;
const state = persistTo ?? path.join(root, ".wrangler/state");
const proxy = await getPlatformProxy({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
const env = proxy.env;
let disposed = false;
const dispose = async () => void (disposed || ((disposed = true), await proxy.dispose()));
/** Each person's chats and allowances, for their own object. */
const byOwner = new Map();
// Statements are built as plain SQL and run in a few exec() calls (scripts/lib/sql-text.mjs says why).
const db = plainStatements;
const run = (statements) => runStatements(env.DB, statements);
const now = Date.now();

try {
  const tagNames = specList("CHARACTER_TAG_NAMES");
  const contentTagNames = specList("CONTENT_TAG_NAMES");
  await run([
    ...tagNames.map((name, i) =>
      db
        .prepare("INSERT INTO tags (id, name, slug) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, slug = excluded.slug")
        .bind(i + 1, name, slugify(name)),
    ),
    ...contentTagNames.map((name, i) =>
      db.prepare("INSERT INTO content_tags (id, name) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name").bind(i + 1, name),
    ),
  ]);
  const tagId = new Map(tagNames.map((n, i) => [n, i + 1]));

  const userStatements = [];
  for (const u of DEMO_USERS) {
    userStatements.push(
      db
        .prepare(
          `INSERT INTO users (id, email, name, tier, is_subscription_active, is_moderator, is_banned, description, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET tier = excluded.tier, is_subscription_active = excluded.is_subscription_active,
           is_moderator = excluded.is_moderator, is_banned = excluded.is_banned`,
        )
        .bind(u.id, u.email, u.name, u.tier, u.active ? 1 : 0, u.moderator ? 1 : 0, u.banned ? 1 : 0, `Demo ${u.tier} account.`, now, now),
      db.prepare("INSERT INTO user_preferences (user_id) VALUES (?) ON CONFLICT DO NOTHING").bind(u.id),
      db
        .prepare("INSERT INTO auth_accounts (id, user_id, provider, provider_account_id, created_at) VALUES (?, ?, 'email', ?, ?) ON CONFLICT DO NOTHING")
        .bind(demoId("account", u.email), u.id, u.email, now),
      db
        .prepare("INSERT INTO personas (id, user_id, name, persona, is_default, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING")
        .bind(demoId("persona", u.email), u.id, u.persona.name, u.persona.text, now),
    );
  }
  await run(userStatements);
  // Demo accounts start with 50 messages for their first day, whatever the configured allowance.
  for (const u of DEMO_USERS) rowsOf(byOwner, u.id).allowances.push({ kind: "message", token: 50, resetAt: now + 86_400_000 });

  // The people who made the demo catalogue, and the readers who use it. Test accounts make nothing public.
  const catalogPeople = [
    ...CREATORS.map((c, i) => ({ ...c, description: c.bio, joined: now - (400 + i * 3) * 86_400_000 })),
    ...READERS.map((r) => ({ ...r, tier: "FREE", description: null, joined: now - 380 * 86_400_000 })),
  ];
  await run(
    catalogPeople.map((u) =>
      db
        .prepare(
          `INSERT INTO users (id, email, name, tier, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description`,
        )
        .bind(u.id, u.email, u.name, u.tier, u.description, u.joined, now),
    ),
  );

  const characters = demoCharacters(now);
  let rendered = 0;
  const portraitsStarted = Date.now();
  for (const c of characters) {
    c.key = `thumbnails/${c.id}-portrait.jpg`;
    if (await env.MEDIA.head(c.key)) continue;
    const picture = await renderPortrait({ seed: c.slug, kind: c.kind, pronouns: c.pronouns, look: c.look, scene: c.scene });
    await env.MEDIA.put(c.key, picture, { httpMetadata: { contentType: "image/jpeg" } });
    rendered++;
  }
  const portraitMs = Date.now() - portraitsStarted;

  const characterStatements = characters.flatMap((c) => [
    db
      .prepare(
        `INSERT INTO characters (id, user_id, name, description, persona, greeting, alternate_greetings, scenario, example_dialogue,
         author_notes, image_prompt, negative_prompt, image_prompt_visible, thumbnail, is_nsfw_thumbnail,
         voice, default_model, card_extras, is_public, release_date, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, description = excluded.description,
         persona = excluded.persona, greeting = excluded.greeting, alternate_greetings = excluded.alternate_greetings,
         scenario = excluded.scenario, example_dialogue = excluded.example_dialogue, author_notes = excluded.author_notes,
         image_prompt = excluded.image_prompt, negative_prompt = excluded.negative_prompt,
         image_prompt_visible = excluded.image_prompt_visible, thumbnail = excluded.thumbnail,
         is_nsfw_thumbnail = excluded.is_nsfw_thumbnail, voice = excluded.voice, default_model = excluded.default_model,
         card_extras = excluded.card_extras, release_date = excluded.release_date, created_at = excluded.created_at`,
      )
      .bind(
        c.id,
        c.authorId,
        c.name,
        c.description,
        `${c.name}'s Persona: ${c.persona}`.slice(0, 1000),
        c.greeting,
        JSON.stringify(c.alternateGreetings ?? []),
        c.scenario ?? "",
        c.exampleDialogue ?? "",
        c.authorNotes || null,
        c.imagePrompt || null,
        c.negativePrompt || null,
        c.imagePromptVisible ? 1 : 0,
        c.key,
        c.isNsfwThumbnail ? 1 : 0,
        c.voice || null,
        c.defaultModel || null,
        // A lorebook (world info) on the characters that have one, in Character Card V2 form.
        c.characterBook ? JSON.stringify({ character_book: c.characterBook }) : null,
        c.released,
        c.released,
        now,
      ),
    db.prepare("DELETE FROM character_tags WHERE character_id = ?").bind(c.id),
    ...c.tags.filter((t) => tagId.has(t)).map((t) => db.prepare("INSERT INTO character_tags (character_id, tag_id) VALUES (?, ?)").bind(c.id, tagId.get(t))),
  ]);
  await run(characterStatements);

  for (const c of characters) addActivity(byOwner, c, now);
  // premium@example.com has one long chat, with Liesl Penwright.
  addLongChat(
    byOwner,
    characters.find((c) => c.name === "Liesl Penwright"),
    DEMO_USERS.find((u) => u.email === "premium@example.com").id,
    now,
  );
  await run(characters.flatMap((c) => voteStatements(db, c, now)));
  // The demo creators have followers (issue 64).
  await run(followStatements(db, CREATORS));
  // Readers who chatted enough rated and reviewed (issue 64).
  await run(characters.flatMap((c) => reviewStatements(db, c, now)));
  // What the Creator Hub's dashboard shows of listings (issue 64).
  await run(exposureStatements(db, characters, now));

  await run(moderationStatements(db, characters, now));

  const announcements = readJson("scripts/demo/announcements.json");
  // Their pictures, drawn once like the portraits, in the folder moderators' uploads go to.
  for (const a of announcements) {
    a.images = [];
    for (const p of a.pictures ?? []) {
      const key = `announcements/${demoId("news-picture", p.seed)}.jpg`;
      if (!(await env.MEDIA.head(key)))
        await env.MEDIA.put(key, await renderPortrait({ seed: p.seed, kind: p.kind, pronouns: p.pronouns, scene: p.scene, size: 480 }), {
          httpMetadata: { contentType: "image/jpeg" },
        });
      a.images.push(`/media/${key}`);
    }
  }
  await run(
    announcements.map((a) =>
      db
        .prepare(
          `INSERT INTO announcements (id, title, link, author, date, content, images, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(title) DO UPDATE SET link = excluded.link, author = excluded.author, date = excluded.date, content = excluded.content, images = excluded.images`,
        )
        .bind(demoId("announcement", a.title), a.title, a.link, a.author, Date.parse(a.date), JSON.stringify(a.content), JSON.stringify(a.images ?? []), now),
    ),
  );

  await dispose();
  // The chats go into each person's own object through the Worker itself (decision 052).
  const bundle = process.env.SEED_BUNDLE ?? path.join(root, ".wrangler/bundle");
  if (!process.env.SEED_BUNDLE) writeBundle(bundle);
  const objectsStarted = Date.now();
  // Then D1's counts of them, through the same Worker: the characters' chats and points, and the daily
  // figures of the chats that are new (a second seed adds nothing to them).
  const written = await intoObjects({
    bundle,
    state,
    byOwner,
    afterwards: (d1, newChats) =>
      runStatements(d1, [
        recountStatement(
          db,
          CREATORS.map((c) => c.id),
          byOwner,
        ),
        ...figuresStatements(db, byOwner, newChats),
        // Similar characters from the chats and tags just seeded (issue 64).
        ...similarStatements(db),
      ]),
  });
  const objectsMs = Date.now() - objectsStarted;
  const chats = [...byOwner.values()].reduce((n, rows) => n + rows.chats.length, 0);
  const messages = [...byOwner.values()].reduce((n, rows) => n + rows.messages.length, 0);

  console.log(
    `Seeded ${tagNames.length} tags, ${contentTagNames.length} content tags, ${DEMO_USERS.length} demo accounts, ` +
      `${CREATORS.length} creators, ${READERS.length} readers, ${characters.length} characters (${rendered} new portraits in ${portraitMs} ms), ` +
      `${chats} chats and ${messages} messages in ${written.owners} people's objects (${written.chats} chats and ${written.messages} messages new; ${objectsMs} ms), ` +
      `reports on 3 characters, ${announcements.length} announcements in ${Date.now() - started} ms.`,
  );
} finally {
  await dispose();
}
