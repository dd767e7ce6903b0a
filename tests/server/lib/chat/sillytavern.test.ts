import { describe, expect, it } from "vitest";
import { CHAT_FILE_MESSAGES } from "~/spec/messages";
import {
  importCounts,
  parseSillyTavernDate,
  readSillyTavernChat,
  titleInHeader,
  writePlainChat,
  writeSillyTavernChat,
  type BranchMessage,
  type ImportedChat,
} from "~/lib/chat/sillytavern";

// SillyTavern's chat files (issue 25, decision 046): the format alone, without storage.
const jsonl = (...lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n");

function read(text: string): ImportedChat {
  const result = readSillyTavernChat(text, 0);
  if (!result.ok) throw new Error(`line ${result.line}: ${result.reason}`);
  return result.chat;
}

/** The imported rows as the branch on screen, the way the object answers an export. */
function branchOf(chat: ImportedChat): BranchMessage[] {
  const onPath: number[] = [];
  for (let ref: number | null = chat.leafRef; ref !== null; ref = chat.messages[ref].parentRef) onPath.unshift(ref);
  return onPath.map((ref) => {
    const m = chat.messages[ref];
    const siblings = chat.messages.filter((s) => s.parentRef === m.parentRef);
    return {
      role: m.role,
      createdAt: m.createdAt,
      index: siblings.indexOf(m),
      versions: siblings.map((s) => ({ content: s.content, createdAt: s.createdAt, kept: s.kept ? JSON.parse(s.kept) : null, model: s.model })),
    };
  });
}

const exported = (chat: ImportedChat) =>
  writeSillyTavernChat({
    header: chat.header ? JSON.parse(chat.header) : null,
    userName: "Ada",
    characterName: "Seraphina",
    createdAt: Date.UTC(2025, 0, 1),
    messages: branchOf(chat),
  });
const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("SillyTavern dates", () => {
  it("reads every form its versions wrote", () => {
    expect(parseSillyTavernDate(1682107367124)).toBe(1682107367124);
    expect(parseSillyTavernDate("1682107367124")).toBe(1682107367124);
    expect(parseSillyTavernDate("2024-10-05T14:30:12.345Z")).toBe(Date.UTC(2024, 9, 5, 14, 30, 12, 345));
    expect(parseSillyTavernDate("2023-4-21 @20h 02m 47s 124ms")).toBe(Date.UTC(2023, 3, 21, 20, 2, 47, 124));
    expect(parseSillyTavernDate("2024-10-05@14h30m12s")).toBe(Date.UTC(2024, 9, 5, 14, 30, 12));
    expect(parseSillyTavernDate("2024-10-05@14h30m12s007ms")).toBe(Date.UTC(2024, 9, 5, 14, 30, 12, 7));
    expect(parseSillyTavernDate("June 19, 2023 2:20pm")).toBe(Date.UTC(2023, 5, 19, 14, 20));
    expect(parseSillyTavernDate("June 19, 2023 12:05am")).toBe(Date.UTC(2023, 5, 19, 0, 5));
    for (const nonsense of ["", "yesterday", "Smarch 3, 2023 1:00pm", null, {}, -5]) expect(parseSillyTavernDate(nonsense)).toBeNull();
  });
});

describe("reading a SillyTavern chat", () => {
  it("reads an old file (humanised dates, no swipes) into one branch, keeping the header and unknown keys", () => {
    const chat = read(
      jsonl(
        { user_name: "You", character_name: "Seraphina", create_date: "2023-4-21 @20h 02m 47s 124ms", chat_metadata: { note_prompt: "x" }, tainted: true },
        { name: "Seraphina", is_user: false, is_name: true, send_date: "2023-4-21 @20h 02m 47s 124ms", mes: "*She smiles.* Welcome." },
        { name: "You", is_user: true, send_date: "2023-4-21 @20h 03m 10s 5ms", mes: "Hi!", force_avatar: "me.png" },
      ),
    );
    expect(JSON.parse(chat.header!)).toMatchObject({ character_name: "Seraphina", tainted: true, chat_metadata: { note_prompt: "x" } });
    expect(chat.messages.map((m) => [m.role, m.content, m.parentRef, m.line])).toEqual([
      ["character", "*She smiles.* Welcome.", null, 2],
      ["user", "Hi!", 0, 3],
    ]);
    expect(chat.messages.map((m) => m.createdAt)).toEqual([Date.UTC(2023, 3, 21, 20, 2, 47, 124), Date.UTC(2023, 3, 21, 20, 3, 10, 5)]);
    expect(JSON.parse(chat.messages[1].kept!).message).toEqual({ name: "You", send_date: "2023-4-21 @20h 03m 10s 5ms", force_avatar: "me.png" });
    expect(chat.leafRef).toBe(1);
  });

  it("turns swipes into versions, with swipe_id the one the chat goes on from", () => {
    const chat = read(
      jsonl(
        { user_name: "You", character_name: "Seraphina" },
        { name: "Seraphina", is_user: false, mes: "Hello B", swipes: ["Hello A", "Hello B"], swipe_id: 1, send_date: "2024-10-05T10:00:00.000Z" },
        { name: "You", is_user: true, mes: "Hi.", send_date: "2024-10-05T10:01:00.000Z" },
        {
          name: "Seraphina",
          is_user: false,
          mes: "Two",
          swipes: ["One", "Two", "Three"],
          swipe_id: 1,
          swipe_info: [{ send_date: "2024-10-05T10:02:00.000Z" }, { send_date: "2024-10-05T10:03:00.000Z" }, { send_date: "2024-10-05T10:04:00.000Z" }],
          send_date: "2024-10-05T10:03:00.000Z",
        },
      ),
    );
    const [greetingA, greetingB, hi, one, two, three] = chat.messages;
    expect([greetingA.parentRef, greetingB.parentRef]).toEqual([null, null]);
    expect(hi.parentRef).toBe(greetingB.ref);
    expect([one, two, three].map((m) => [m.content, m.parentRef])).toEqual([
      ["One", hi.ref],
      ["Two", hi.ref],
      ["Three", hi.ref],
    ]);
    expect(chat.leafRef).toBe(two.ref);
    // Stamped in file order, so the versions keep theirs.
    const stamps = chat.messages.map((m) => m.createdAt);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it("keeps hidden (is_system) lines as system messages, CJK text and emoji whole", () => {
    const chat = read(
      jsonl(
        { user_name: "あなた", character_name: "桜" },
        { name: "桜", is_user: false, mes: "こんにちは！🌸 今日はどう？" },
        { name: "あなた", is_user: true, is_system: true, mes: "（メモ：これは隠す）" },
        { name: "あなた", is_user: true, mes: "元気だよ 😊👍🏽" },
      ),
    );
    expect(chat.messages.map((m) => [m.role, m.content])).toEqual([
      ["character", "こんにちは！🌸 今日はどう？"],
      ["system", "（メモ：これは隠す）"],
      ["user", "元気だよ 😊👍🏽"],
    ]);
    expect(JSON.parse(chat.messages[1].kept!).message.is_user).toBe(true);
  });

  it("reads a file without a header, with Windows line ends, a byte-order mark and blank lines", () => {
    const chat = read(
      `\uFEFF${JSON.stringify({ name: "A", is_user: false, mes: "One" })}\r\n\r\n${JSON.stringify({ name: "B", is_user: true, mes: "Two" })}\r\n`,
    );
    expect(chat.header).toBeNull();
    expect(chat.messages.map((m) => [m.content, m.line])).toEqual([
      ["One", 1],
      ["Two", 3],
    ]);
  });

  it("names the first line that is not a message, and why", () => {
    const header = JSON.stringify({ user_name: "You", character_name: "X" });
    const good = JSON.stringify({ name: "X", is_user: false, mes: "Hi" });
    expect(readSillyTavernChat(`${header}\n${good}\n{"mes": "cut off`)).toEqual({ ok: false, line: 3, reason: "it is not valid JSON" });
    expect(readSillyTavernChat(`${header}\n${good}\n[1, 2]`)).toEqual({ ok: false, line: 3, reason: "it is not a JSON object" });
    expect(readSillyTavernChat(`${header}\n${good}\n{"mes": 42}`)).toEqual({ ok: false, line: 3, reason: "its text (mes) must be a string" });
    expect(readSillyTavernChat(`${header}\n${good}\n{"mes": "x", "swipes": "nope"}`)).toEqual({ ok: false, line: 3, reason: "swipes must be a list of texts" });
    expect(readSillyTavernChat(`${header}\n${good}\n{"name": "X"}`)).toMatchObject({ ok: false, line: 3 });
    expect(readSillyTavernChat(header)).toEqual({ ok: false, line: null, reason: "the file has no messages" });
    expect(readSillyTavernChat("")).toEqual({ ok: false, line: null, reason: "the file has no messages" });
  });
});

describe("what an import says it brought", () => {
  const line = (mes: string, swipes?: string[]) => ({ name: "Seraphina", is_user: false, mes, ...(swipes ? { swipes, swipe_id: 0 } : {}) });
  const you = (mes: string) => ({ name: "You", is_user: true, mes });
  const said = (text: string) => CHAT_FILE_MESSAGES.imported(importCounts(read(text)));

  it("counts a message's versions as one message, and says how many have versions", () => {
    expect(said(jsonl(line("Hello", ["Hello", "Hi"]), you("Hey"), line("Go on")))).toBe("Imported 3 messages (1 with 2 versions).");
    expect(said(jsonl(line("A", ["A", "B"]), you("x"), line("C", ["C", "D"])))).toBe("Imported 3 messages (2 with 2 versions).");
    expect(said(jsonl(line("A", ["A", "B"]), you("x"), line("C", ["C", "D", "E"])))).toBe("Imported 3 messages (2 with up to 3 versions).");
  });

  it("says nothing of versions when there are none, and counts one message as one", () => {
    expect(said(jsonl(line("Hello"), you("Hey")))).toBe("Imported 2 messages.");
    expect(said(jsonl(line("Hello")))).toBe("Imported 1 message.");
    expect(importCounts(read(jsonl(line("Hello"), you("Hey"))))).toEqual({ messages: 2, versioned: 0, mostVersions: 1, sameVersions: true });
  });
});

describe("writing a SillyTavern chat", () => {
  it("gives back what it read: the messages, swipes, dates, hidden lines and unknown keys", () => {
    const original = [
      { user_name: "You", character_name: "Seraphina", create_date: "2024-10-05@10h00m00s", chat_metadata: { integrity: "abc" }, extra_header: 1 },
      {
        name: "Seraphina",
        is_user: false,
        is_system: false,
        send_date: "June 19, 2023 2:20pm",
        mes: "Hello B",
        extra: {},
        swipes: ["Hello A", "Hello B"],
        swipe_id: 1,
        swipe_info: [],
      },
      { name: "You", is_user: true, is_system: false, send_date: "2023-4-21 @20h 03m 10s 5ms", mes: "Hi 🌸", extra: { bias: "" }, force_avatar: "me.png" },
      { name: "You", is_user: true, is_system: true, send_date: 1682107367124, mes: "hidden note", extra: {} },
      {
        name: "Seraphina",
        is_user: false,
        is_system: false,
        send_date: "2024-10-05T10:03:00.000Z",
        mes: "二",
        extra: { api: "openai", model: "gpt" },
        swipes: ["一", "二", "三"],
        swipe_id: 1,
        swipe_info: [
          { send_date: "2024-10-05T10:02:00.000Z", extra: {} },
          { send_date: "2024-10-05T10:03:00.000Z", extra: { api: "openai" } },
          { send_date: "2024-10-05T10:04:00.000Z", gen_started: "x", extra: {} },
        ],
        gen_started: "2024-10-05T10:02:59.000Z",
      },
    ];
    const written = lines(exported(read(jsonl(...original))));
    const [header, ...messages] = written;
    expect(header).toEqual({ ...original[0], user_name: "Ada", character_name: "Seraphina" });
    // Every line as it came, the greeting's empty swipe_info too (issue 61).
    expect(messages).toEqual(original.slice(1));
  });

  it("writes a chat made here: the persona and character as names, ISO dates, versions as swipes", () => {
    const at = Date.UTC(2025, 2, 3, 4, 5, 6, 7);
    const text = writeSillyTavernChat({
      header: null,
      userName: "Ada",
      characterName: "Mira",
      createdAt: at,
      messages: [
        { role: "character", createdAt: at, index: 0, versions: [{ content: "Hello.", createdAt: at, kept: null }] },
        { role: "user", createdAt: at + 1, index: 0, versions: [{ content: "Hi.", createdAt: at + 1, kept: null }] },
        {
          role: "character",
          createdAt: at + 3,
          index: 1,
          versions: [
            { content: "First.", createdAt: at + 2, kept: null },
            { content: "Second.", createdAt: at + 3, kept: null },
          ],
        },
      ],
    });
    const [header, greeting, said, reply] = lines(text);
    expect(header).toEqual({ user_name: "Ada", character_name: "Mira", create_date: "2025-03-03@04h05m06s007ms", chat_metadata: {} });
    expect(greeting).toEqual({ name: "Mira", is_user: false, is_system: false, send_date: new Date(at).toISOString(), mes: "Hello.", extra: {} });
    expect(said).toMatchObject({ name: "Ada", is_user: true, mes: "Hi." });
    expect(said).not.toHaveProperty("swipes");
    expect(reply).toMatchObject({ mes: "Second.", swipes: ["First.", "Second."], swipe_id: 1 });
    expect((reply.swipe_info as { send_date: string }[]).map((s) => s.send_date)).toEqual([new Date(at + 2).toISOString(), new Date(at + 3).toISOString()]);
    // And reads back the same.
    expect(branchOf(read(text)).map((m) => [m.role, m.versions.map((v) => v.content), m.index])).toEqual([
      ["character", ["Hello."], 0],
      ["user", ["Hi."], 0],
      ["character", ["First.", "Second."], 1],
    ]);
  });

  it("gives back a greeting's alternates with the swipe_info they came with, even none (issue 61)", () => {
    const header = { user_name: "Ada", character_name: "Seraphina", create_date: "2025-01-01@00h00m00s", chat_metadata: {} };
    const empty = {
      name: "Seraphina",
      is_user: false,
      is_system: false,
      send_date: "2025-01-01T00:00:00.000Z",
      mes: "One.",
      extra: {},
      swipes: ["One.", "Two."],
      swipe_id: 0,
      swipe_info: [],
    };
    const none = {
      name: "Seraphina",
      is_user: false,
      is_system: false,
      send_date: "2025-01-01T00:00:01.000Z",
      mes: "B.",
      extra: {},
      swipes: ["A.", "B."],
      swipe_id: 1,
    };
    const [, first] = lines(exported(read(jsonl(header, empty))));
    expect(first.swipe_info).toEqual([]);
    const [, second] = lines(exported(read(jsonl(header, none))));
    expect(second).not.toHaveProperty("swipe_info");
    // A version written here after the import gets an entry of its own, after what the line brought.
    const chat = read(jsonl(header, empty));
    const [greeting] = branchOf(chat);
    greeting.versions.push({ content: "Three.", createdAt: Date.UTC(2025, 0, 2), kept: null, model: "Mage" });
    const [, grown] = lines(writeSillyTavernChat({ header, userName: "Ada", characterName: "Seraphina", createdAt: 0, messages: [greeting] }));
    expect(grown.swipes).toEqual(["One.", "Two.", "Three."]);
    expect(grown.swipe_info).toEqual([{ send_date: new Date(Date.UTC(2025, 0, 2)).toISOString(), extra: { api: "reverie", model: "Mage" } }]);
  });

  it("keeps the model that wrote each version both ways, and the chat's title in the header (issue 61)", () => {
    const header = { user_name: "Ada", character_name: "Seraphina", create_date: "2025-01-01@00h00m00s", chat_metadata: { note: "kept" } };
    const line = {
      name: "Seraphina",
      is_user: false,
      is_system: false,
      send_date: "2025-01-01T00:00:00.000Z",
      mes: "Hi.",
      extra: { api: "openai", model: "gpt-4o" },
      swipes: ["Hello.", "Hi."],
      swipe_id: 1,
      swipe_info: [
        { send_date: "2025-01-01T00:00:00.000Z", extra: { api: "claude", model: "claude-3-opus" } },
        { send_date: "2025-01-01T00:00:00.000Z", extra: { api: "openai", model: "gpt-4o" } },
      ],
    };
    const chat = read(jsonl(header, line));
    expect(chat.messages.map((m) => m.model)).toEqual(["claude-3-opus", "gpt-4o"]);
    // Written back, the file's own extra goes back as it came; a reply of ours names its model.
    const text = writeSillyTavernChat({
      header,
      title: "Evening at the inn",
      userName: "Ada",
      characterName: "Seraphina",
      createdAt: 0,
      messages: [...branchOf(chat), { role: "character", createdAt: 5, index: 0, versions: [{ content: "More.", createdAt: 5, kept: null, model: "Witch" }] }],
    });
    const [head, kept, mine] = lines(text);
    expect(head.chat_metadata).toEqual({ note: "kept", reverie_title: "Evening at the inn" });
    expect(kept.extra).toEqual({ api: "openai", model: "gpt-4o" });
    expect(kept.swipe_info).toEqual(line.swipe_info);
    expect(mine.extra).toEqual({ api: "reverie", model: "Witch" });
    // Read back: the title from the header, each version's model.
    const again = read(text);
    expect(titleInHeader(again.header)).toBe("Evening at the inn");
    expect(again.messages.map((m) => m.model)).toEqual(["claude-3-opus", "gpt-4o", "Witch"]);
    expect(titleInHeader(JSON.stringify(header))).toBeNull();
  });

  it("reads a narrator's line as a note not sent to the character, and writes it back as it came (issue 61)", () => {
    const header = { user_name: "Ada", character_name: "Seraphina", create_date: "2025-01-01@00h00m00s", chat_metadata: {} };
    const narrator = {
      name: "Narrator",
      is_user: false,
      is_system: false,
      send_date: "2025-01-01T00:00:00.000Z",
      mes: "Night falls.",
      extra: { type: "narrator" },
    };
    const said = { name: "Ada", is_user: true, is_system: false, send_date: "2025-01-01T00:00:01.000Z", mes: "Hello?", extra: {} };
    const chat = read(jsonl(header, narrator, said));
    expect(chat.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const [, back, user] = lines(exported(chat));
    expect(back).toEqual(narrator);
    expect(user).toEqual(said);
  });

  it("writes plain text: who said what, with hidden lines marked", () => {
    const chat = read(
      jsonl(
        { name: "Seraphina", is_user: false, mes: "Welcome." },
        { name: "You", is_user: true, is_system: true, mes: "a note" },
        { name: "You", is_user: true, mes: "Hi." },
      ),
    );
    const text = writePlainChat({ header: null, userName: "Ada", characterName: "Seraphina", createdAt: 0, messages: branchOf(chat) });
    expect(text.split("\n\n").slice(1)).toEqual(["Seraphina: Welcome.", "(Not sent to the character) You: a note", "You: Hi.\n"]);
  });
});
