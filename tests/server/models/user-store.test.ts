import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatSettings } from "~/db/schema";
import { handleScheduled } from "~/jobs/scheduled.server";
import { deleteAccount } from "~/models/account-deletion.server";
import { readAllowance } from "~/models/allowance.server";
import { getChatSettings, saveChatSettings } from "~/models/chat-settings.server";
import { loadStory } from "~/models/story.server";
import { userStore } from "~/models/user-store.server";
import { MIGRATIONS } from "~/user-store/schema";
import { insertCharacter, insertUser, storeRows, storeValue, testDb } from "../support/fixtures";

/** Each user's own Durable Object (decision 029), run inside workerd. */
const d1Settings = (userId: string) => env.DB.prepare("SELECT count(*) AS n FROM chat_settings WHERE user_id = ?").bind(userId).first<number>("n");
const tablesIn = (userId: string) =>
  runInDurableObject(userStore(env, userId), (_instance, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name")
      .toArray()
      .map((r) => r.name),
  );

/** Every table an object has once it has started. */
const STORE_TABLES = [
  "allowances",
  "chat_settings",
  "chats",
  "groups",
  "imported_fields",
  "memory_pins",
  "memory_summaries",
  "messages",
  "meta",
  "stories",
  "story_messages",
];

describe("the user's own object", () => {
  it("creates its tables on first use and records the schema version", async () => {
    const userId = await insertUser({ email: "store-schema@example.com" });
    expect(await getChatSettings(env, userId, "nosuchcharacter1")).toBeUndefined();
    expect(await tablesIn(userId)).toEqual(STORE_TABLES);
    const version = await runInDurableObject(
      userStore(env, userId),
      (_i, state) => state.storage.sql.exec("SELECT value FROM meta WHERE key = 'schema'").one().value,
    );
    expect(version).toBe(String(MIGRATIONS.length));
  });

  it("answers only its owner: another user's id is refused", async () => {
    const ada = await insertUser({ email: "store-ada@example.com" });
    const bo = await insertUser({ email: "store-bo@example.com" });
    await saveChatSettings(env, ada, "storechar0000001", { model: "Mage" }, { model: "Lightning" });
    const refused = await userStore(env, ada)
      .chatSettings(bo, "storechar0000001")
      .then(
        () => null,
        (error: Error) => error.message,
      );
    expect(refused).toBe("This store belongs to another user.");
  });

  it("moves in what D1 still holds for its owner on first use, then deletes it from D1", async () => {
    const owner = await insertUser({ email: "store-owner@example.com" });
    await insertCharacter({ id: "storechar0000002", userId: owner, name: "Pell" });
    const userId = await insertUser({ email: "store-moved@example.com" });
    await testDb().insert(chatSettings).values({ userId, characterId: "storechar0000002", model: "Witch", selectedVoice: "am_liam", persona: "Mine." });
    // Allowances as D1 counted them before they moved (decision 042): what was left, until when, is kept.
    const until = Date.now() + 3_600_000;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO message_tokens (user_id, token, reset_at) VALUES (?, 7, ?)").bind(userId, until),
      env.DB.prepare("INSERT INTO image_tokens (user_id, token, reset_at) VALUES (?, 2, ?)").bind(userId, until),
    ]);
    expect(await getChatSettings(env, userId, "storechar0000002")).toMatchObject({ model: "Witch", selectedVoice: "am_liam", persona: "Mine." });
    expect(await d1Settings(userId)).toBe(0);
    expect(await storeRows(userId, "SELECT kind, token, reset_at FROM allowances ORDER BY kind")).toEqual([
      { kind: "image", token: 2, reset_at: until },
      { kind: "message", token: 7, reset_at: until },
    ]);
    expect(await readAllowance({ env, userId }, { size: 50, periodMs: 86_400_000 })).toEqual({ token: 7, resetAt: new Date(until) });
    expect(
      await env.DB.prepare("SELECT (SELECT count(*) FROM message_tokens WHERE user_id = ?1) + (SELECT count(*) FROM image_tokens WHERE user_id = ?1) AS n")
        .bind(userId)
        .first("n"),
    ).toBe(0);
  });

  it("the hourly cron queues one move per user with rows left; the real JOBS consumer moves them and reports counts", async () => {
    const owner = await insertUser({ email: "store-owner2@example.com" });
    await insertCharacter({ id: "storechar0000003", userId: owner, name: "Quince" });
    await insertCharacter({ id: "storechar0000004", userId: owner, name: "Rook" });
    const userId = await insertUser({ email: "store-cron@example.com" });
    await testDb()
      .insert(chatSettings)
      .values([
        { userId, characterId: "storechar0000003", model: "Mage" },
        { userId, characterId: "storechar0000004", model: "Witch" },
      ]);
    await env.DB.prepare("INSERT INTO message_tokens (user_id, token, reset_at) VALUES (?, 4, ?)")
      .bind(userId, Date.now() + 3_600_000)
      .run();
    // A story with its opening, as D1 held stories before they moved (decision 043).
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO stories (id, user_id, title, character_ids, genre, leaf_message_id) VALUES ('storecronstory01', ?, 'Tale', '[\"storechar0000003\"]', 'Mystery', 'storecronturn001')",
      ).bind(userId),
      env.DB.prepare(
        "INSERT INTO story_messages (id, story_id, role, content, choices) VALUES ('storecronturn001', 'storecronstory01', 'story', 'Fog.', '[{\"id\":\"a\",\"text\":\"Walk\"}]')",
      ),
    ]);
    // A chat with two messages, as D1 held chats before they moved.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO saved_chats (id, user_id, character_id, title, selected, leaf_message_id) VALUES ('storecronchat001', ?, 'storechar0000003', 'Old', 1, 'storecronmsg0002')",
      ).bind(userId),
      env.DB.prepare(
        "INSERT INTO messages (id, chat_id, parent_id, role, content) VALUES ('storecronmsg0001', 'storecronchat001', NULL, 'character', 'Hello.')",
      ),
      env.DB.prepare(
        "INSERT INTO messages (id, chat_id, parent_id, role, content) VALUES ('storecronmsg0002', 'storecronchat001', 'storecronmsg0001', 'user', 'Hi, Quince.')",
      ),
    ]);
    await handleScheduled(env, Date.now());
    // A second run while the first move waits queues nothing more for this user.
    await handleScheduled(env, Date.now());
    const jobs = () => env.DB.prepare("SELECT status, reply FROM jobs WHERE type = 'move-to-objects' AND user_id = ?").bind(userId).all<any>();
    for (let i = 0; i < 100 && (await jobs()).results[0]?.status !== "completed"; i++) await new Promise((r) => setTimeout(r, 100));
    const { results } = await jobs();
    expect(results).toEqual([
      { status: "completed", reply: JSON.stringify({ chatSettings: 2, chats: 1, messages: 2, allowances: 1, stories: 1, storyTurns: 1 }) },
    ]);
    expect(await d1Settings(userId)).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE chat_id = 'storecronchat001'").first("n")).toBe(0);
    expect(await storeRows(userId, "SELECT id, character_id, title, leaf_message_id FROM chats")).toEqual([
      { id: "storecronchat001", character_id: "storechar0000003", title: "Old", leaf_message_id: "storecronmsg0002" },
    ]);
    expect(await storeValue(userId, "SELECT count(*) FROM messages WHERE chat_id = 'storecronchat001'")).toBe(2);
    expect((await getChatSettings(env, userId, "storechar0000004"))?.model).toBe("Witch");
    const story = await loadStory({ env, userId }, "storecronstory01");
    expect(story?.story).toMatchObject({ title: "Tale", characterIds: ["storechar0000003"], genre: "Mystery", leafMessageId: "storecronturn001" });
    expect(story?.all).toMatchObject([{ id: "storecronturn001", content: "Fog.", choices: [{ id: "a", text: "Walk" }] }]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM stories WHERE user_id = ?").bind(userId).first("n")).toBe(0);
  }, 20_000);

  it("is erased with the account", async () => {
    const userId = await insertUser({ email: "store-erased@example.com" });
    await saveChatSettings(env, userId, "storechar0000005", { persona: "Private words." }, { model: "Lightning" });
    expect(await tablesIn(userId)).toEqual(STORE_TABLES);
    await deleteAccount(testDb(), env, userId, "store-erased@example.com");
    expect(await tablesIn(userId)).toEqual([]);
  });
});
