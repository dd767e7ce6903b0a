import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_IMPORT_LIMITS, LIMITS } from "~/spec/limits";
import { CHAT_FILE_MESSAGES, SAFETY_MESSAGE } from "~/spec/messages";
import { Client, meId, signedIn } from "../../support/client";
import { insertCharacter, insertPersona, insertUser, storeRows } from "../../support/fixtures";

// SillyTavern chats in and out (issue 25, decision 046), through the routes and the person's own object.
const CHARACTER = "stfilechar000001";
const PRIVATE = "stfileprivate001";
const headers = { origin: "http://127.0.0.1", "content-type": "application/jsonl" };

beforeAll(async () => {
  const owner = await insertUser({ email: "stfile-author@example.com" });
  await insertCharacter({ id: CHARACTER, userId: owner, name: "Seraphina", greeting: "*She smiles.* Welcome to the glade." });
  await insertCharacter({ id: PRIVATE, userId: owner, name: "Hidden", greeting: "Psst.", isPublic: false });
});

const jsonl = (...lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n");
const parse = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A chat as SillyTavern writes one: a header, a greeting with an alternate, hidden notes, three swipes on the last reply. */
const FILE = [
  { user_name: "You", character_name: "Seraphina", create_date: "2024-10-05@14h30m12s", chat_metadata: { integrity: "5e1f", note_prompt: "" } },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "2024-10-05T14:30:12.000Z",
    mes: "Welcome, traveller.",
    extra: {},
    swipes: ["*She smiles.* Welcome to the glade.", "Welcome, traveller."],
    swipe_id: 1,
    swipe_info: [],
  },
  { name: "You", is_user: true, is_system: false, send_date: "June 19, 2023 2:20pm", mes: "Where am I? 🌲", extra: {}, force_avatar: "User Avatars/me.png" },
  { name: "You", is_user: true, is_system: true, send_date: "2023-4-21 @20h 02m 47s 124ms", mes: "(OOC: keep it slow)", extra: {} },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "2024-10-05T14:31:40.000Z",
    mes: "In the 森, safe.",
    extra: { api: "openai", model: "gpt-4o" },
    swipes: ["In my glade.", "In the 森, safe.", "Somewhere quiet."],
    swipe_id: 1,
    swipe_info: [
      { send_date: "2024-10-05T14:31:20.000Z", gen_started: "2024-10-05T14:31:18.000Z", extra: {} },
      { send_date: "2024-10-05T14:31:40.000Z", extra: { api: "openai" } },
      { send_date: "2024-10-05T14:31:55.000Z", extra: {} },
    ],
    gen_started: "2024-10-05T14:31:38.000Z",
  },
];

type Screen = { messages: { role: string; content: string; index: number; count: number }[] };
const screen = async (client: Client, characterId = CHARACTER) => (await (await client.fetch(`/api/chats/${characterId}`)).json()) as Screen;
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
const importText = (client: Client, text: string, characterId = CHARACTER) =>
  client.fetch(`/api/chats/${characterId}/import`, { method: "POST", headers, body: text });

describe("importing a SillyTavern chat", () => {
  it("becomes the chat on screen, swipes as ‹ 2/3 ›; the chat before stays as a saved chat; the export gives the file back", async () => {
    const client = await signedIn("stfile-roundtrip@example.com");
    await client.postJson(`/api/chats/${CHARACTER}/messages`, { content: "My own first chat." }).then((r) => r.text());

    const form = new FormData();
    form.set("file", new File([jsonl(...FILE)], "Seraphina - 2024-10-05@14h30m12s.jsonl"));
    const response = await client.fetch(`/api/chats/${CHARACTER}/import`, { method: "POST", headers: { origin: headers.origin }, body: form });
    expect(response.status).toBe(201);
    // Counted by line, as a person counts them: 4 messages, 2 of them with versions (2 and 3).
    expect(await response.json()).toEqual({ chatId: expect.any(String), messages: 4, versioned: 2, mostVersions: 3, sameVersions: false });

    const now = await screen(client);
    expect(now.messages.map((m) => [m.role, m.content, `${m.index}/${m.count}`])).toEqual([
      ["character", "Welcome, traveller.", "2/2"],
      ["user", "Where am I? 🌲", "1/1"],
      ["system", "(OOC: keep it slow)", "1/1"],
      ["character", "In the 森, safe.", "2/3"],
    ]);
    // A FREE person's chat before is kept: once they can open saved chats (GOLD), it is there.
    await env.DB.prepare("UPDATE users SET tier = 'GOLD', is_subscription_active = 1 WHERE email = 'stfile-roundtrip@example.com'").run();
    const saved = (await (await client.fetch(`/api/chat/saved-chats?characterId=${CHARACTER}`)).json()) as {
      chats: { title: string; selected: boolean; messages: number }[];
    };
    expect(saved.chats.map((c) => [c.title, c.selected, c.messages])).toEqual([
      ["Seraphina - 2024-10-05@14h30m12s", true, 7],
      ["", false, 3],
    ]);

    const exported = await client.fetch(`/api/chats/${CHARACTER}/export.jsonl`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toContain("attachment; filename=");
    const [header, ...messages] = parse(await exported.text());
    // The header names the person (no persona: their account name) and the character; the rest is the file's.
    // The chat's title goes into the header's metadata, so it comes back with the file (issue 61).
    expect(header).toEqual({
      ...FILE[0],
      user_name: expect.any(String),
      character_name: "Seraphina",
      chat_metadata: { ...(FILE[0] as { chat_metadata?: object }).chat_metadata, reverie_title: "Seraphina - 2024-10-05@14h30m12s" },
    });
    expect(messages.slice(1)).toEqual(FILE.slice(2));
    expect(messages[0]).toMatchObject({ mes: "Welcome, traveller.", swipes: FILE[1].swipes, swipe_id: 1, send_date: FILE[1].send_date });

    const text = await (await client.fetch(`/api/chats/${CHARACTER}/export.txt`)).text();
    expect(text).toContain("\n\nYou: Where am I? 🌲\n\n(Not sent to the character) You: (OOC: keep it slow)\n\nSeraphina: In the 森, safe.\n");
  });

  it("a chat made here exports with the persona's name, the character's, and every version as swipes", async () => {
    const client = await signedIn("stfile-native@example.com");
    await insertPersona({ userId: await meId(client), name: "Wren", persona: "A wanderer.", isDefault: true });
    await client.postJson(`/api/chats/${CHARACTER}/messages`, { content: "Hello there." }).then((r) => r.text());
    const [, , reply] = (await screen(client)).messages as unknown as { id: string }[];
    await client.postJson(`/api/chats/${CHARACTER}/messages/${reply.id}/regenerate`, {}).then((r) => r.text());
    const [header, greeting, said, answer] = parse(await (await client.fetch(`/api/chats/${CHARACTER}/export.jsonl`)).text());
    expect(header).toMatchObject({ user_name: "Wren", character_name: "Seraphina", chat_metadata: {} });
    expect(greeting).toMatchObject({ name: "Seraphina", is_user: false, mes: "*She smiles.* Welcome to the glade." });
    expect(said).toMatchObject({ name: "Wren", is_user: true, is_system: false, mes: "Hello there." });
    expect(answer).toMatchObject({ name: "Seraphina", swipe_id: 1 });
    expect(answer.swipes).toHaveLength(2);
    expect(Date.parse(answer.send_date as string)).not.toBeNaN();
  });

  it("names the line that is wrong, refuses what our content rules refuse, and is capped in size", async () => {
    const client = await signedIn("stfile-bad@example.com");
    const before = await screen(client);
    const broken = await importText(client, `${jsonl(FILE[0], FILE[2])}\n{"name": "You", "mes": `);
    expect(broken.status).toBe(400);
    expect(await errorOf(broken)).toBe(CHAT_FILE_MESSAGES.badLine(3, "it is not valid JSON"));
    const notText = await importText(client, jsonl(FILE[0], FILE[2], { name: "You", is_user: true, mes: 12 }));
    expect(await errorOf(notText)).toBe(CHAT_FILE_MESSAGES.badLine(3, "its text (mes) must be a string"));
    expect(await errorOf(await importText(client, jsonl(FILE[0])))).toBe(CHAT_FILE_MESSAGES.noMessages);
    const unsafe = await importText(client, jsonl(FILE[0], FILE[2], { name: "You", is_user: true, mes: "She is a loli." }));
    expect(unsafe.status).toBe(400);
    expect(await errorOf(unsafe)).toBe(CHAT_FILE_MESSAGES.unsafeLine(3, SAFETY_MESSAGE("loli")));
    const huge = await importText(client, "x".repeat(LIMITS.chatFileMaxBytes + 1));
    expect(huge.status).toBe(413);
    expect(await errorOf(huge)).toBe(CHAT_FILE_MESSAGES.tooLarge("16 MB"));
    const empty = new FormData();
    empty.set("file", new File([], "empty.jsonl"));
    const noFile = await client.fetch(`/api/chats/${CHARACTER}/import`, { method: "POST", headers: { origin: headers.origin }, body: empty });
    expect(await errorOf(noFile)).toBe(CHAT_FILE_MESSAGES.chooseFile);
    // Nothing was imported by any of them.
    expect(await screen(client)).toEqual(before);
  });

  it("is for signed-in people, from our own pages, with characters they can see; another person's chat is not exported", async () => {
    const guest = new Client();
    expect((await guest.fetch(`/api/chats/${CHARACTER}/import`, { method: "POST", headers, body: jsonl(...FILE) })).status).toBe(401);
    expect((await guest.fetch(`/api/chats/${CHARACTER}/export.jsonl`)).status).toBe(401);
    const client = await signedIn("stfile-rules@example.com");
    const foreign = await client.fetch(`/api/chats/${CHARACTER}/import`, {
      method: "POST",
      headers: { ...headers, origin: "https://evil.example" },
      body: jsonl(...FILE),
    });
    expect(foreign.status).toBe(403);
    expect((await importText(client, jsonl(...FILE), PRIVATE)).status).toBe(404);
    expect((await client.fetch(`/api/chats/${PRIVATE}/export.jsonl`)).status).toBe(404);

    const owner = await signedIn("stfile-owner@example.com");
    const { chatId } = (await (await importText(owner, jsonl(...FILE))).json()) as { chatId: string };
    expect((await client.fetch(`/api/chats/${CHARACTER}/export.jsonl?chatId=${chatId}`)).status).toBe(404);
    expect((await owner.fetch(`/api/chats/${CHARACTER}/export.jsonl?chatId=${chatId}`)).status).toBe(200);
  });

  it("a long imported chat stays whole: 1,500 messages, then deleting its second message takes the branch under it", async () => {
    const client = await signedIn("stfile-long@example.com");
    const lines = [FILE[0], ...Array.from({ length: 1500 }, (_, i) => ({ name: i % 2 ? "You" : "Seraphina", is_user: i % 2 === 1, mes: `Line ${i + 1}` }))];
    const response = await importText(client, jsonl(...lines));
    expect(await response.json()).toMatchObject({ messages: 1500, versioned: 0 });
    const all = (await screen(client)).messages as unknown as { id: string; content: string }[];
    expect(all).toHaveLength(1500);
    expect(all.at(-1)!.content).toBe("Line 1500");
    const deleted = await client.fetch(`/api/chats/${CHARACTER}/messages/${all[1].id}`, { method: "DELETE", headers: { origin: headers.origin } });
    expect(deleted.status).toBe(200);
    expect((await screen(client)).messages.map((m) => m.content)).toEqual(["Line 1"]);
  });

  it("refuses a file past any limit with a 400 that names the line and the limit, and adds nothing (issue 58)", async () => {
    const client = await signedIn("stfile-limits@example.com");
    const before = await screen(client);
    const line = (fields: object) => ({ name: "Seraphina", is_user: false, mes: "Hello.", ...fields });
    const cases: [string, string][] = [
      [
        jsonl(FILE[0], FILE[2], line({ swipes: Array.from({ length: 200_000 }, () => "x"), swipe_id: 0 })),
        "it has 200,000 versions (swipes); a message may have at most 100",
      ],
      [jsonl(FILE[0], line({ swipes: Array.from({ length: 101 }, (_, i) => `v${i}`) })), "it has 101 versions (swipes); a message may have at most 100"],
      [jsonl(FILE[0], FILE[2], FILE[2], line({ mes: "x".repeat(32_001) })), "its text is 32,001 characters long; a message may have at most 32,000"],
      [jsonl(FILE[0], line({ swipes: ["fine", "y".repeat(32_001)] })), "a version (swipe) is 32,001 characters long; a message may have at most 32,000"],
      [jsonl(FILE[0], line({ swipes: ["a", "b"], swipe_info: [{ extra: { pad: "z".repeat(17_000) } }] })), "its swipe_info is larger than 16 KB"],
      [jsonl(FILE[0], line({ extra: { pad: "z".repeat(17_000) } })), "its extra is larger than 16 KB"],
      [jsonl(FILE[0], line({ note: "z".repeat(17_000) })), "its other fields are larger than 16 KB"],
      [jsonl({ user_name: "You", chat_metadata: { pad: "h".repeat(70_000) } }, FILE[2]), "its header is larger than 64 KB"],
      [jsonl(...Array.from({ length: 20_001 }, (_, i) => line({ mes: `m${i}` }))), "the file has more than 20,000 messages, the most one import takes"],
      [
        jsonl(...Array.from({ length: 600 }, () => line({ swipes: Array.from({ length: 100 }, (_, i) => `s${i}`) }))),
        "the file holds more than 50,000 messages and versions, the most one import takes",
      ],
    ];
    const lineOf: number[] = [3, 2, 4, 2, 2, 2, 2, 1, 20_001, 501];
    for (const [i, [text, why]] of cases.entries()) {
      const refused = await importText(client, text);
      expect(refused.status, why).toBe(400);
      expect(await errorOf(refused), why).toBe(CHAT_FILE_MESSAGES.badLine(lineOf[i], why));
    }
    expect(await screen(client)).toEqual(before);
  });

  it("a day's imports have a budget: the eleventh file of a day answers 429, and so does one past the day's messages", async () => {
    const client = await signedIn("stfile-budget@example.com");
    const small = jsonl(FILE[0], FILE[2]);
    for (let i = 0; i < 10; i++) expect((await importText(client, small)).status).toBe(201);
    const eleventh = await importText(client, small);
    expect(eleventh.status).toBe(429);
    expect(await errorOf(eleventh)).toBe(CHAT_FILE_MESSAGES.filesPerDay);
    expect(eleventh.headers.get("retry-after")).toMatch(/^\d+$/);

    // The day's messages: as if 99,999 had been brought in today already, a file of 2 is refused whole and one of 1 fits.
    const other = await signedIn("stfile-budget-rows@example.com");
    const day = 24 * 60 * 60 * 1000;
    await env.DB.prepare("INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`chat-import-rows:${await meId(other)}`, Math.floor(Date.now() / day) * day, CHAT_IMPORT_LIMITS.rowsPerDay - 1)
      .run();
    const past = await importText(other, jsonl(FILE[0], FILE[2], FILE[2]));
    expect(past.status).toBe(429);
    expect(await errorOf(past)).toBe(CHAT_FILE_MESSAGES.rowsPerDay);
    expect((await importText(other, jsonl(FILE[0], FILE[2]))).status).toBe(201);
    expect((await importText(other, jsonl(FILE[0], FILE[2]))).status).toBe(429);
  });

  it("a chat grown too wide still opens: a message with 3,000 versions reads its place among them, not the whole list", async () => {
    const client = await signedIn("stfile-wide@example.com");
    const userId = await meId(client);
    const imported = (await (await importText(client, jsonl(FILE[0], FILE[2], { name: "Seraphina", mes: "Reply." }))).json()) as { chatId: string };
    const { messages } = await screen(client);
    const reply = (messages as unknown as { id: string }[]).at(-1)!.id;
    // Grown past any import's limit by another way (years of Regenerate): 3,000 versions of the last reply.
    await storeRows(
      userId,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
       INSERT INTO messages (id, chat_id, parent_id, role, content, status, created_at)
       SELECT 'wide' || printf('%012d', i), ?, (SELECT parent_id FROM messages WHERE id = ?), 'character', 'Version ' || i, 'complete', 1000 + i FROM n`,
      imported.chatId,
      reply,
    );
    const opened = await client.fetch(`/api/chats/${CHARACTER}`);
    expect(opened.status).toBe(200);
    const last = (
      (await opened.json()) as { messages: { id: string; index: number; count: number; previousId: string | null; nextId: string | null }[] }
    ).messages.at(-1)!;
    expect(last).toMatchObject({ id: reply, count: 3001, index: 3001, nextId: null });
    expect(last.previousId).toBe("wide000000003000");
    const page = await client.fetch(`/characters/chat/${CHARACTER}`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
  });
});
