import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { userStore } from "~/models/user-store.server";
import { encode as encodePng } from "fast-png";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signInByEmail } from "../../support/client";
import { generatedImages, reports, reviews, screenEvents, shortLinks } from "~/db/schema";
import { insertCharacter, insertChat, insertJob, insertPersona, insertTags, insertUser, intoStore, storeRows, testDb } from "../../support/fixtures";
import { pngTexts } from "../../support/png";
import { CASES, ROLES, type Call, type Fixtures, type Role } from "./cases";

/** Every route module, by file name: the matrix must have a row for each (decision 012). */
const ROUTE_FILES = Object.keys(import.meta.glob("../../../../app/routes/*.tsx")).map((p) => p.split("/").pop()!);

/** What each role may read of the owner's private things; anything else found in an answer is a leak. */
const SECRETS: { text: string; seenBy: Role[] }[] = [
  // Moderators see authors' emails in Mod Central (the queue and the user search).
  { text: "matrix-owner@example.com", seenBy: ["owner", "moderator", "admin"] },
  { text: "matrix-secret-image-prompt", seenBy: ["owner", "moderator", "admin"] },
  { text: "matrix-secret-negative-prompt", seenBy: ["owner", "moderator", "admin"] },
  { text: "Hidden Vesper", seenBy: ["owner", "moderator", "admin"] },
  { text: "matrix-owner-persona-8841", seenBy: ["owner"] },
  { text: "matrix-owner-chat-line-5521", seenBy: ["owner"] },
  { text: "matrix-owner-image-prompt-7730", seenBy: ["owner"] },
  { text: "matrix-owner-story-line-3301", seenBy: ["owner"] },
  { text: "matrix-owner-memory-6612", seenBy: ["owner"] },
  { text: "matrix-owner-group-4410", seenBy: ["owner"] },
];

const clients = {} as Record<Role, Client>;
const fixtures = {} as Fixtures;

async function signIn(role: Role, email: string, flags: string) {
  const client = new Client();
  if (role === "guest") return client;
  if (role === "admin") await insertUser({ id: env.ADMIN_USER_ID, email, name: "Matrix Admin" });
  await signInByEmail(client, email);
  await env.DB.prepare(`UPDATE users SET ${flags} WHERE email = ?`).bind(email).run();
  return client;
}

beforeAll(async () => {
  await insertTags(["Female"]);
  const flags: Record<Role, string> = {
    guest: "",
    free: "tier = 'FREE'",
    gold: "tier = 'GOLD', is_subscription_active = 1",
    premium: "tier = 'SILVER', is_subscription_active = 1",
    moderator: "is_moderator = 1",
    // The admin is a moderator too, as in the demo data.
    admin: "tier = 'FREE', is_moderator = 1",
    banned: "is_banned = 1",
    owner: "name = 'Matrix Owner'",
  };
  for (const role of ROLES) clients[role] = await signIn(role, `matrix-${role}@example.com`, flags[role]);

  const ownerId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'matrix-owner@example.com'").first<string>("id"))!;
  Object.assign(fixtures, {
    ownerId,
    publicCharacter: "matrixpublic0001",
    privateCharacter: "matrixprivate001",
    ownerPersona: "matrixpersona001",
    ownerMessage: "matrixmessage001",
    ownerJob: "matrixjob0000001",
    ownerImage: "matriximage00001",
    ownerStory: "matrixstory00001",
    ownerPin: "matrixpin0000001",
    ownerGroup: "matrixgroup00001",
    ownerReport: "matrixreport0001",
    ownerScreenEvent: "matrixscreen0001",
    ownerReview: "matrixreview0001",
    shortCode: "mtrx01",
    otherModerator: "matrixothermod01",
    mediaKey: "thumbnails/matrixpublic0001-pic.png",
    png: encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(90), channels: 4 }) as Uint8Array<ArrayBuffer>,
  });
  await env.MEDIA.put(fixtures.mediaKey, fixtures.png, { httpMetadata: { contentType: "image/png" } });
  await env.MEDIA.put(`thumbnails/${fixtures.privateCharacter}-pic.png`, fixtures.png, { httpMetadata: { contentType: "image/png" } });
  await insertUser({ id: fixtures.otherModerator, email: "matrix-other-mod@example.com", name: "Other Mod", isModerator: true });
  await insertCharacter({
    id: fixtures.publicCharacter,
    userId: ownerId,
    name: "Open Lark",
    greeting: "Hello.",
    persona: "Open Lark's Persona: Bright.",
    imagePrompt: "matrix-secret-image-prompt",
    negativePrompt: "matrix-secret-negative-prompt",
    thumbnail: fixtures.mediaKey,
    tags: ["Female"],
  });
  await insertCharacter({ id: fixtures.privateCharacter, userId: ownerId, name: "Hidden Vesper", greeting: "Psst.", isPublic: false });
  await insertCharacter({ id: "matrixgroupchar2", userId: ownerId, name: "Second Voice", greeting: "Hm." });
  await insertPersona({ id: fixtures.ownerPersona, userId: ownerId, name: "Owner Self", persona: "matrix-owner-persona-8841", isDefault: true });
  await insertChat({
    id: "matrixchat000001",
    userId: ownerId,
    characterId: fixtures.publicCharacter,
    title: "Owner chat",
    selected: true,
    messages: [
      { id: "matrixgreeting01", role: "character", content: "Hello." },
      { id: "matrixusermsg001", role: "user", content: "matrix-owner-chat-line-5521" },
      { id: fixtures.ownerMessage, role: "character", content: "A reply with words to say." },
    ],
  });
  await insertJob({ id: fixtures.ownerJob, userId: ownerId, type: "speech", status: "completed", reply: "matrix-owner-chat-line-5521" });
  await env.MEDIA.put("images/matriximage00001.png", fixtures.png, { httpMetadata: { contentType: "image/png" } });
  await testDb()
    .insert(generatedImages)
    .values({ id: fixtures.ownerImage, userId: ownerId, prompt: "matrix-owner-image-prompt-7730", model: "anime", r2Key: "images/matriximage00001.png" });
  await intoStore(ownerId, {
    stories: [
      {
        id: fixtures.ownerStory,
        title: "Owner story",
        characterIds: [fixtures.publicCharacter],
        premise: "",
        genre: "Fantasy",
        personaId: null,
        leafMessageId: "matrixpassage002",
        createdAt: 1000,
        updatedAt: 3000,
      },
    ],
    storyTurns: [
      {
        id: "matrixpassage001",
        storyId: fixtures.ownerStory,
        parentId: null,
        role: "story",
        content: "matrix-owner-story-line-3301",
        choices: [{ id: "matrixc1", text: "Go on" }],
        choiceId: null,
        createdAt: 1000,
      },
      {
        id: "matrixaction0001",
        storyId: fixtures.ownerStory,
        parentId: "matrixpassage001",
        role: "user",
        content: "Go on",
        choices: [],
        choiceId: "matrixc1",
        createdAt: 2000,
      },
      {
        id: "matrixpassage002",
        storyId: fixtures.ownerStory,
        parentId: "matrixaction0001",
        role: "story",
        content: "On it goes.",
        choices: [{ id: "matrixc2", text: "Stop" }],
        choiceId: null,
        createdAt: 3000,
      },
    ],
  });
  await testDb()
    .insert(reports)
    .values({ id: fixtures.ownerReport, reporterId: ownerId, targetType: "character", targetId: fixtures.privateCharacter, reason: "spam" });
  // A review of the owner's public character by someone else (issue 64); the GOLD role chatted enough to rate it.
  const reviewer = await insertUser({ email: "matrix-reviewer@example.com", name: "Matrix Reviewer" });
  await testDb()
    .insert(reviews)
    .values({ id: fixtures.ownerReview, characterId: fixtures.publicCharacter, userId: reviewer, rating: 4, text: "matrix review" as never });
  const goldId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'matrix-gold@example.com'").first<string>("id"))!;
  await insertChat({
    userId: goldId,
    characterId: fixtures.publicCharacter,
    messages: Array.from({ length: 5 }, (_, n) => ({ role: "user" as const, content: `gold line ${n}` })),
  });
  await testDb().insert(shortLinks).values({ code: fixtures.shortCode, originalUrl: "/faq", userId: ownerId });
  await testDb().insert(screenEvents).values({
    id: fixtures.ownerScreenEvent,
    userId: ownerId,
    field: "chat.message",
    source: "pending",
    rule: "The moderation server answered 503.",
    text: "matrix held text",
    textHash: "matrixhash",
    day: "2026-12-05",
  });
  await storeRows(
    ownerId,
    "INSERT INTO memory_pins (id, chat_id, text, message_id) VALUES (?, 'matrixchat000001', 'matrix-owner-memory-6612', NULL)",
    fixtures.ownerPin,
  );
  // A group of the owner's (issue 26): its row, its conversation and one reply.
  await storeRows(
    ownerId,
    "INSERT INTO groups (id, name, scenario, mode, members, chat_id) VALUES (?, 'Owner group', 'matrix-owner-group-4410', 'natural', ?, 'matrixgroupchat1')",
    fixtures.ownerGroup,
    JSON.stringify([
      { id: fixtures.publicCharacter, name: "Public", thumbnail: null, muted: false },
      { id: "matrixgroupchar2", name: "Second", thumbnail: null, muted: false },
    ]),
  );
  await storeRows(
    ownerId,
    "INSERT INTO chats (id, character_id, title, selected, leaf_message_id, character_name) VALUES ('matrixgroupchat1', ?, 'Owner group', 1, 'matrixgroupmsg01', 'Owner group')",
    `group:${fixtures.ownerGroup}`,
  );
  await storeRows(
    ownerId,
    "INSERT INTO messages (id, chat_id, parent_id, role, content, status, speaker_id) VALUES ('matrixgroupmsg01', 'matrixgroupchat1', NULL, 'character', 'Half a line', 'streaming', ?)",
    fixtures.publicCharacter,
  );
  await storeRows(
    ownerId,
    "INSERT INTO memory_pins (id, chat_id, text, message_id) VALUES ('matrixgrouppin01', 'matrixgroupchat1', 'matrix-owner-group-4410 too', NULL)",
  );
  await takeSnapshot();
});

/** Only a call that may write (anything but GET) leaves the rows to be restored. */
let dirty = false;

const PLACEHOLDERS = {
  publicCharacter: ":public",
  privateCharacter: ":private",
  ownerId: ":owner",
  ownerPersona: ":persona",
  ownerMessage: ":message",
  ownerJob: ":job",
  ownerImage: ":image",
  ownerStory: ":story",
  ownerPin: ":pin",
  ownerGroup: ":group",
  ownerReport: ":report",
  ownerScreenEvent: ":screenevent",
  ownerReview: ":review",
  shortCode: ":code",
  otherModerator: ":othermod",
  mediaKey: ":key",
} as Fixtures;

/**
 * Storage is shared by the tests of a file, and some calls delete or sign out. Each test starts from
 * the same rows: a snapshot taken after the fixtures are made, restored after any call that writes.
 */
const SNAPSHOT_TABLES = [
  "users",
  "sessions",
  "user_preferences",
  "characters",
  "character_tags",
  "personas",
  "jobs",
  "short_links",
  "generated_images",
  "reports",
  "screen_events",
  "reviews",
];
const CLEARED_TABLES = [
  "reviews",
  "users",
  "reports",
  "screen_events",
  "characters",
  "jobs",
  "short_links",
  "generated_images",
  "verification_codes",
  "rate_counters",
  "dev_mails",
];
let snapshot: { table: string; rows: Record<string, unknown>[] }[] = [];
/** The owner's chats, allowances and stories, which live in their own object (decisions 030, 042 and 043). */
const STORE_TABLES = ["chats", "messages", "memory_pins", "imported_fields", "allowances", "stories", "story_messages", "groups"];
let storeSnapshot: { table: string; rows: Record<string, unknown>[] }[] = [];

async function takeSnapshot() {
  snapshot = [];
  for (const table of SNAPSHOT_TABLES) snapshot.push({ table, rows: (await env.DB.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>()).results });
  storeSnapshot = [];
  for (const table of STORE_TABLES) storeSnapshot.push({ table, rows: await storeRows(fixtures.ownerId, `SELECT * FROM ${table}`) });
}

/** Puts the owner's chats back as the snapshot has them (an account deletion erases the object: its first call sets it up again). */
async function restoreOwnerStore() {
  await userStore(env, fixtures.ownerId).settings(fixtures.ownerId).get(fixtures.publicCharacter);
  await runInDurableObject(userStore(env, fixtures.ownerId), (_instance, state) => {
    for (const table of [...STORE_TABLES].reverse()) state.storage.sql.exec(`DELETE FROM ${table}`);
    for (const { table, rows } of storeSnapshot)
      for (const row of rows)
        state.storage.sql.exec(
          `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
            .map(() => "?")
            .join(", ")})`,
          ...Object.values(row),
        );
  });
}

async function restoreSnapshot() {
  await env.MEDIA.put(fixtures.mediaKey, fixtures.png, { httpMetadata: { contentType: "image/png" } });
  await env.MEDIA.put(`thumbnails/${fixtures.privateCharacter}-pic.png`, fixtures.png, { httpMetadata: { contentType: "image/png" } });
  await env.MEDIA.put("images/matriximage00001.png", fixtures.png, { httpMetadata: { contentType: "image/png" } });
  await env.DB.batch(CLEARED_TABLES.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  const inserts = snapshot.flatMap(({ table, rows }) =>
    rows.map((row) =>
      env.DB.prepare(
        `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
          .map(() => "?")
          .join(", ")})`,
      ).bind(...Object.values(row)),
    ),
  );
  if (inserts.length) await env.DB.batch(inserts);
  await restoreOwnerStore();
}

/** A copy of the role's browser, so a call that signs out or sets cookies leaves the next one as it was. */
function browserOf(role: Role) {
  const copy = new Client();
  copy.cookies = new Map(clients[role].cookies);
  return copy;
}

function requestInit(call: Call): RequestInit {
  const headers: Record<string, string> = { origin: "http://127.0.0.1", accept: call.page ? "text/html" : "application/json" };
  if (call.json)
    return { method: call.method ?? "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(call.json(fixtures)) };
  if (call.form)
    return {
      method: call.method ?? "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(call.form),
    };
  if (call.file) {
    const { field, bytes, name } = call.file(fixtures);
    const form = new FormData();
    form.set(field, new File([bytes], name));
    return { method: call.method ?? "POST", headers, body: form };
  }
  return { method: call.method ?? "GET", headers };
}

/** The answer as text; for a PNG, the text of its tEXt chunks (card data is base64 there) too. */
async function readable(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("latin1").decode(bytes);
  return response.headers.get("content-type")?.startsWith("image/png") ? [text, ...pngTexts(bytes)].join("\n") : text;
}

/**
 * Runs part `part` of `parts` of the matrix. The test pool slows down with every request a file
 * makes (it keeps each one for isolation), so the matrix is spread over a few small test files.
 */
export function runMatrix(part: number, parts: number) {
  describe(`the authorization matrix, part ${part} of ${parts}`, () => {
    if (part === 1)
      it("has a row for every route file, and no row for a route that is gone", () => {
        expect(ROUTE_FILES.length).toBeGreaterThan(50);
        expect(
          ROUTE_FILES.filter((file) => !CASES[file]),
          "routes without a row in tests/server/routes/authorization/cases.ts",
        ).toEqual([]);
        expect(
          Object.keys(CASES).filter((file) => !ROUTE_FILES.includes(file)),
          "rows for routes that no longer exist",
        ).toEqual([]);
      });

    matrixRows(part, parts);
  });
}

function matrixRows(part: number, parts: number) {
  const files = Object.entries(CASES).filter((_, i) => i % parts === part - 1);
  for (const [file, calls] of files) {
    calls.forEach((call, index) => {
      const expected = ROLES.map((role) => `${role} ${call.expect[role] ?? call.expect.others}`).join(", ");
      it(`${file} #${index + 1}: ${call.method ?? "GET"} ${call.path(PLACEHOLDERS)} → ${expected}`, async () => {
        for (const role of ROLES) {
          if (dirty) await restoreSnapshot();
          const init = requestInit(call);
          dirty = init.method !== "GET";
          const response = await browserOf(role).fetch(call.path(fixtures), init);
          const body = await readable(response);
          expect(response.status, `${role}: ${body.slice(0, 300)}`).toBe(call.expect[role] ?? call.expect.others);
          if (call.devOnly) continue;
          for (const secret of SECRETS) if (!secret.seenBy.includes(role)) expect(body, `${role} must not see "${secret.text}"`).not.toContain(secret.text);
        }
      });
    });
  }
}
