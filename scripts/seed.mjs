// Loads the demo data into local D1 and R2 (the same state `wrangler dev` uses). Safe to run again.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { DEMO_USERS } from "./demo/users.mjs";
import { renderThumbnail } from "./demo/thumbnail.mjs";

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
/** Stable ids for demo rows, so reruns update instead of duplicating. */
const demoId = (kind, key) => {
  const digest = createHash("sha256").update(`${kind}:${key}`).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += "0123456789abcdefghijklmnopqrstuvwxyz"[digest[i] % 36];
  return id;
};

const started = Date.now();
// SEED_PERSIST_TO matches `wrangler dev --persist-to` (the e2e tests use their own state folder).
const persistTo = process.env.SEED_PERSIST_TO;
const { env, dispose } = await getPlatformProxy({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
const db = env.DB;
const now = Date.now();

try {
  const tagNames = specList("CHARACTER_TAG_NAMES");
  const contentTagNames = specList("CONTENT_TAG_NAMES");
  await db.batch([
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
      db.prepare("INSERT INTO message_tokens (user_id, token, reset_at) VALUES (?, 50, ?) ON CONFLICT DO NOTHING").bind(u.id, now + 86_400_000),
      db
        .prepare("INSERT INTO auth_accounts (id, user_id, provider, provider_account_id, created_at) VALUES (?, ?, 'email', ?, ?) ON CONFLICT DO NOTHING")
        .bind(demoId("account", u.email), u.id, u.email, now),
      db
        .prepare("INSERT INTO personas (id, user_id, name, persona, is_default, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING")
        .bind(demoId("persona", u.email), u.id, u.persona.name, u.persona.text, now),
    );
  }
  await db.batch(userStatements);

  const characters = readJson("scripts/demo/characters.json");
  const authors = DEMO_USERS.filter((u) => !u.banned);
  let rendered = 0;
  for (const [index, c] of characters.entries()) {
    const id = demoId("character", c.slug);
    const key = `thumbnails/${id}.png`;
    if (!(await env.MEDIA.head(key))) {
      const png = renderThumbnail({ seed: c.slug, palette: c.palette, motif: c.motif });
      await env.MEDIA.put(key, png, { httpMetadata: { contentType: "image/png" } });
      rendered++;
    }
    const released = now - (index + 1) * 36 * 3_600_000;
    const persona = `${c.name}'s Persona: ${c.persona}`.slice(0, 1000);
    await db.batch([
      db
        .prepare(
          `INSERT INTO characters (id, user_id, name, description, persona, greeting, alternate_greetings, scenario, example_dialogue,
           author_notes, image_prompt, negative_prompt, image_prompt_visible, points, upvotes, favorites, thumbnail, is_nsfw_thumbnail,
           voice, default_model, is_public, release_date, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description, persona = excluded.persona,
           greeting = excluded.greeting, alternate_greetings = excluded.alternate_greetings, scenario = excluded.scenario,
           example_dialogue = excluded.example_dialogue, author_notes = excluded.author_notes, image_prompt = excluded.image_prompt,
           negative_prompt = excluded.negative_prompt, image_prompt_visible = excluded.image_prompt_visible,
           thumbnail = excluded.thumbnail, is_nsfw_thumbnail = excluded.is_nsfw_thumbnail, voice = excluded.voice,
           default_model = excluded.default_model`,
        )
        .bind(
          id,
          authors[index % authors.length].id,
          c.name,
          c.description,
          persona,
          c.greeting,
          JSON.stringify(c.alternateGreetings ?? []),
          c.scenario ?? "",
          c.exampleDialogue ?? "",
          c.authorNotes || null,
          c.imagePrompt || null,
          c.negativePrompt || null,
          c.imagePromptVisible ? 1 : 0,
          c.points ?? 0,
          c.upvotes ?? 0,
          c.favorites ?? 0,
          key,
          c.isNsfwThumbnail ? 1 : 0,
          c.voice || null,
          c.defaultModel || null,
          released,
          released,
          now,
        ),
      db.prepare("DELETE FROM character_tags WHERE character_id = ?").bind(id),
      ...c.tags.filter((t) => tagId.has(t)).map((t) => db.prepare("INSERT INTO character_tags (character_id, tag_id) VALUES (?, ?)").bind(id, tagId.get(t))),
    ]);
  }

  const announcements = readJson("scripts/demo/announcements.json");
  await db.batch(
    announcements.map((a) =>
      db
        .prepare(
          `INSERT INTO announcements (id, title, link, author, date, content, images, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET link = excluded.link, author = excluded.author, date = excluded.date, content = excluded.content, images = excluded.images`,
        )
        .bind(demoId("announcement", a.title), a.title, a.link, a.author, Date.parse(a.date), JSON.stringify(a.content), JSON.stringify(a.images ?? []), now),
    ),
  );

  console.log(
    `Seeded ${tagNames.length} tags, ${contentTagNames.length} content tags, ${DEMO_USERS.length} users, ${characters.length} characters ` +
      `(${rendered} new thumbnails), ${announcements.length} announcements in ${Date.now() - started} ms.`,
  );
} finally {
  await dispose();
}
