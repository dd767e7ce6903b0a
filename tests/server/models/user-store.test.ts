import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "~/models/account-deletion.server";
import { readAllowance } from "~/models/allowance.server";
import { getChatSettings, saveChatSettings } from "~/models/chat-settings.server";
import { loadStory } from "~/models/story.server";
import { userStore } from "~/models/user-store.server";
import type { SeedRows } from "../../../scripts/lib/seed-store.mjs";
import { MIGRATIONS } from "~/user-store/schema";
import { insertCharacter, insertUser, intoStore, storeRows, storeValue, testDb } from "../support/fixtures";

/** Each user's own Durable Object (decision 029), run inside workerd. */
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
  // Voice calls (issue 63).
  "calls",
  "chat_settings",
  "chats",
  // Hybrid recall's queue of messages to embed (issue 62).
  "embedding_queue",
  "groups",
  "imported_fields",
  "memory_pins",
  "memory_summaries",
  "message_vectors",
  "messages",
  // Recall's full-text index (issue 62): the index, its shadow tables, and its word counts.
  "messages_fts",
  "messages_fts_config",
  "messages_fts_data",
  "messages_fts_docsize",
  "messages_fts_idx",
  "messages_fts_words",
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
    // The door itself is refused (a call made through it, pipelined, is refused with it).
    const refused = await userStore(env, ada)
      .settings(bo)
      .then(
        () => null,
        (error: Error) => error.message,
      );
    expect(refused).toBe("This store belongs to another user.");
  });

  it("offers no call that writes rows past its tables: seeding is not part of the deployed object", async () => {
    const userId = await insertUser({ email: "store-noseed@example.com" });
    const calls = await runInDurableObject(userStore(env, userId), (store) =>
      ["takeRows", "putAllowance", "chat", "story", "group", "chatMemory"].filter((name) => name in store),
    );
    expect(calls).toEqual([]);
    // What it does offer is a typed door per area, opened for its owner.
    const chats = await userStore(env, userId).chats(userId);
    expect(await chats.list("nochatcharacter1")).toEqual([]);
    chats[Symbol.dispose]();
  });

  it("takes seeded rows once: a second seed adds nothing, and what the object has wins", async () => {
    const owner = await insertUser({ email: "store-owner2@example.com" });
    await insertCharacter({ id: "storechar0000003", userId: owner, name: "Quince" });
    const userId = await insertUser({ email: "store-seeded@example.com" });
    const until = Date.now() + 3_600_000;
    const rows: SeedRows = {
      chats: [
        {
          id: "storeseedchat001",
          characterId: "storechar0000003",
          title: "Old",
          selected: true,
          leafMessageId: "storeseedmsg0002",
          characterName: "Quince",
          characterThumbnail: null,
          createdAt: 1000,
          updatedAt: 2000,
        },
      ],
      messages: [
        { id: "storeseedmsg0001", chatId: "storeseedchat001", parentId: null, role: "character", content: "Hello.", status: "complete", createdAt: 1000 },
        {
          id: "storeseedmsg0002",
          chatId: "storeseedchat001",
          parentId: "storeseedmsg0001",
          role: "user",
          content: "Hi, Quince.",
          status: "complete",
          createdAt: 2000,
        },
      ],
      stories: [
        {
          id: "storeseedstory01",
          title: "Tale",
          characterIds: ["storechar0000003"],
          premise: "",
          genre: "Mystery",
          personaId: null,
          leafMessageId: "storeseedturn001",
          createdAt: 1000,
          updatedAt: 1000,
        },
      ],
      storyTurns: [
        {
          id: "storeseedturn001",
          storyId: "storeseedstory01",
          parentId: null,
          role: "story",
          content: "Fog.",
          choices: [{ id: "a", text: "Walk" }],
          choiceId: null,
          createdAt: 1000,
        },
      ],
      allowances: [{ kind: "message", token: 7, resetAt: until }],
    };
    expect(await intoStore(userId, rows)).toEqual({ chats: 1, messages: 2, stories: 1, storyTurns: 1, newChats: ["storeseedchat001"] });
    expect(await readAllowance({ env, userId }, { size: 50, periodMs: 86_400_000 })).toEqual({ token: 7, resetAt: new Date(until) });
    // The person writes; then the seed runs again: nothing is added or overwritten.
    await storeRows(userId, "UPDATE allowances SET token = 3 WHERE kind = 'message'");
    const changed = { ...rows, messages: rows.messages!.map((m) => ({ ...m, content: "Seeded again." })) };
    expect(await intoStore(userId, changed)).toEqual({ chats: 0, messages: 0, stories: 0, storyTurns: 0, newChats: [] });
    expect(await storeRows(userId, "SELECT id, content FROM messages ORDER BY created_at")).toEqual([
      { id: "storeseedmsg0001", content: "Hello." },
      { id: "storeseedmsg0002", content: "Hi, Quince." },
    ]);
    expect(await storeValue(userId, "SELECT token FROM allowances WHERE kind = 'message'")).toBe(3);
    expect(await storeRows(userId, "SELECT id, title, number FROM chats")).toEqual([{ id: "storeseedchat001", title: "Old", number: 1 }]);
    const story = await loadStory({ env, userId }, "storeseedstory01");
    expect(story?.story).toMatchObject({ title: "Tale", characterIds: ["storechar0000003"], genre: "Mystery", leafMessageId: "storeseedturn001" });
    expect(story?.all).toMatchObject([{ id: "storeseedturn001", content: "Fog.", choices: [{ id: "a", text: "Walk" }] }]);
  });

  it("D1 no longer has the chat, story and allowance tables that moved into the objects", async () => {
    const gone = ["chat_settings", "saved_chats", "messages", "message_tokens", "image_tokens", "stories", "story_messages"];
    const { results } = await env.DB.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${gone.map(() => "?").join(", ")})`)
      .bind(...gone)
      .all();
    expect(results).toEqual([]);
  });

  it("is erased with the account", async () => {
    const userId = await insertUser({ email: "store-erased@example.com" });
    await saveChatSettings(env, userId, "storechar0000005", { persona: "Private words." }, { model: "Lightning" });
    expect(await tablesIn(userId)).toEqual(STORE_TABLES);
    await deleteAccount(testDb(), env, userId, "store-erased@example.com");
    expect(await tablesIn(userId)).toEqual([]);
  });
});
