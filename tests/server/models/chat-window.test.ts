import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadChat } from "~/models/chat.server";
import { pathTo, toWindow, type WindowRow } from "~/user-store/chat-tree";
import type { SeedRows } from "../../../scripts/lib/seed-store.mjs";
import { insertCharacter, insertUser, intoStore, storeRows, testDb } from "../support/fixtures";

const CHARACTER = "chatwindowchar01";
let userId = "";

type Row = NonNullable<SeedRows["messages"]>[number] | NonNullable<SeedRows["chats"]>[number];

/** A stored message: `at` orders siblings as the app's clock would. */
const message = (
  chatId: string,
  id: string,
  parentId: string | null,
  at: number,
  extra: { role?: "user" | "character"; status?: "complete" | "failed" } = {},
): Row => ({
  id,
  chatId,
  parentId,
  role: extra.role ?? (at % 2 ? "user" : "character"),
  content: `Message ${id}`,
  status: extra.status ?? "complete",
  createdAt: at,
});

const chat = (id: string, leaf: string | null): Row => ({
  id,
  characterId: CHARACTER,
  title: "",
  selected: true,
  leafMessageId: leaf,
  characterName: "",
  characterThumbnail: null,
  createdAt: 0,
  updatedAt: Date.now(),
});

/** Rows written straight into the user's object, as the seeds write them. */
async function store(rows: Row[]) {
  const isChat = (row: Row): row is NonNullable<SeedRows["chats"]>[number] => "characterId" in row;
  await intoStore(userId, { chats: rows.filter(isChat), messages: rows.filter((row) => !isChat(row)) as NonNullable<SeedRows["messages"]> });
}

/** The page's window, and what the whole chat read with pathTo gives, for the chat on screen. */
async function bothWays(size: number) {
  const db = { db: testDb(), env };
  const viewer = { id: userId, isModerator: false };
  const windowed = (await loadChat(db, { viewer, characterId: CHARACTER, window: size }))!;
  const whole = (await loadChat(db, { viewer, characterId: CHARACTER }))!;
  const path = pathTo(whole.all, whole.chat!.leafMessageId, 0);
  return { window: toWindow(windowed.all as WindowRow[], windowed.chat!.leafMessageId, 0), branchLength: windowed.branchLength, path };
}

beforeAll(async () => {
  userId = await insertUser({ email: "chat-window@example.com" });
  await insertCharacter({ id: CHARACTER, userId, name: "Window Keeper", greeting: "Hello." });
});

describe("the chat page's window of the branch on screen", () => {
  it("is the latest messages of the branch, with swipes and branches counted, as reading the whole chat gives", async () => {
    const id = "chatwindowtree01";
    // Two greetings (swipes), a chain of 40 under the first, a regenerated reply at 7 and an edited message at 12 with its own branch.
    const rows = [message(id, "g0", null, 0, { role: "character" }), message(id, "g1", null, 1, { role: "character" })];
    let parent = "g0";
    for (let i = 1; i <= 40; i++) {
      rows.push(message(id, `m${i}`, parent, 10 + i * 10));
      if (i === 7) rows.push(message(id, `m7b`, parent, 10 + i * 10 + 5));
      if (i === 12) rows.push(message(id, `m12b`, parent, 10 + i * 10 + 5), message(id, `m12b-1`, "m12b", 10 + i * 10 + 6));
      parent = `m${i}`;
    }
    await store([chat(id, "m40"), ...rows]);

    const { window, branchLength, path } = await bothWays(20);
    expect(branchLength).toBe(41);
    expect(path).toHaveLength(41);
    expect(window).toEqual(path.slice(-20));
    // Narrow enough to include the swipes: the same siblings, positions and counts.
    const wide = await bothWays(35);
    expect(wide.window).toEqual(path.slice(-35));
    expect(wide.window!.find((m) => m.id === "m7")).toMatchObject({ index: 1, count: 2, previousId: null, nextId: "m7b" });
    expect(wide.window!.find((m) => m.id === "m12")).toMatchObject({ index: 1, count: 2, previousId: null, nextId: "m12b" });
    // Longer than the branch: all of it, from the greeting (with its alternate as a swipe).
    const all = await bothWays(100);
    expect(all.window).toEqual(path);
    expect(all.window![0]).toMatchObject({ id: "g0", index: 1, count: 2 });
    await storeRows(userId, "DELETE FROM messages WHERE chat_id = ?", id);
    await storeRows(userId, "DELETE FROM chats WHERE id = ?", id);
  });

  it("a chat whose leaf is gone has no window: the page falls back to reading the whole chat", async () => {
    const id = "chatwindowgone01";
    await store([chat(id, "missing-leaf"), message(id, "x0", null, 0, { role: "character" }), message(id, "x1", "x0", 1)]);
    const { window, branchLength, path } = await bothWays(20);
    expect(branchLength).toBe(0);
    expect(window).toBeNull();
    expect(path.map((m) => m.id)).toEqual(["x0", "x1"]);
  });

  it("a reply, a voice or a picture reads only the branch on screen, never the chat's other branches", async () => {
    const id = "chatbranchonly01";
    // Only this chat with the character: the one on screen.
    await storeRows(userId, "DELETE FROM messages");
    await storeRows(userId, "DELETE FROM chats");
    // Greeting g0 with an alternate g1; a chain of 30 under g0; a swipe beside m5 and an edit beside m9 with a reply under it.
    const rows = [message(id, "g0", null, 0, { role: "character" }), message(id, "g1", null, 1, { role: "character" })];
    let parent = "g0";
    for (let i = 1; i <= 30; i++) {
      rows.push(message(id, `m${i}`, parent, 10 + i * 10));
      if (i === 5) rows.push(message(id, "m5b", parent, 10 + i * 10 + 5));
      if (i === 9) rows.push(message(id, "m9b", parent, 10 + i * 10 + 5), message(id, "m9b-1", "m9b", 10 + i * 10 + 6));
      parent = `m${i}`;
    }
    await store([chat(id, "m30"), ...rows]);
    const db = { db: testDb(), env };
    const viewer = { id: userId, isModerator: false };
    const branch = (await loadChat(db, { viewer, characterId: CHARACTER, branch: true }))!;
    const whole = (await loadChat(db, { viewer, characterId: CHARACTER }))!;
    expect(whole.all).toHaveLength(35);
    expect(branch.all.map((m) => m.id)).toEqual(["g0", ...Array.from({ length: 30 }, (_, i) => `m${i + 1}`)]);
    expect(branch.all.map((m) => m.id)).toEqual(pathTo(whole.all, "m30", 0).map((m) => m.id));
    // A call about a message on another branch reads that branch, up from the message.
    const through = (await loadChat(db, { viewer, characterId: CHARACTER, branch: true, through: "m9b-1" }))!;
    expect(through.all.map((m) => m.id)).toEqual(["g0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9b", "m9b-1"]);
    // A message that is not in the chat reads the branch on screen (the call then answers 404 or 400).
    const unknown = (await loadChat(db, { viewer, characterId: CHARACTER, branch: true, through: "nosuchmessage01" }))!;
    expect(unknown.all.map((m) => m.id)).toEqual(branch.all.map((m) => m.id));
    await storeRows(userId, "DELETE FROM messages WHERE chat_id = ?", id);
    await storeRows(userId, "DELETE FROM chats WHERE id = ?", id);
  });
});
