import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getChatSettings } from "~/models/chat-settings.server";
import { Client, meId, putJson, signedIn } from "../support/client";
import { insertCharacter, insertUser, storeValue } from "../support/fixtures";

const CHARACTER = "chatsettings0001";
const OTHER_CHARACTER = "chatsettings0002";

beforeAll(async () => {
  const owner = await insertUser({ email: "settings-owner@example.com" });
  await insertCharacter({
    id: CHARACTER,
    userId: owner,
    name: "Odile",
    persona: "Odile's Persona: A stern fencing master.",
    greeting: "En garde.",
    defaultModel: "Witch",
  });
  await insertCharacter({ id: OTHER_CHARACTER, userId: owner, name: "Bastien", persona: "Bastien's Persona: Greets {{user}} by name.", greeting: "Hello." });
});

async function asTier(email: string, tier: "FREE" | "GOLD", active: boolean) {
  const client = await signedIn(email);
  const id = await meId(client);
  await env.DB.prepare("UPDATE users SET tier = ?, is_subscription_active = ? WHERE id = ?")
    .bind(tier, active ? 1 : 0, id)
    .run();
  return { client, id };
}

const update = (client: Client, body: object, method = "PUT") => putJson(client, `/api/chat/update?characterId=${CHARACTER}`, body, method);
const saved = (client: Client, body: object, method: string) => putJson(client, "/api/chat/saved-chats", { characterId: CHARACTER, ...body }, method);
const errorOf = async (r: Response) => ((await r.json()) as any).error.message;

describe("chat settings: model, voice and the persona editor", () => {
  it("saves the model and voice per character, with clear 400s for anything else", async () => {
    const { client, id } = await asTier("settings-free@example.com", "FREE", false);
    expect((await update(client, { model: "Mage" })).status).toBe(200);
    expect((await update(client, { voice: "am_liam" })).status).toBe(200);
    // Stored in the user's own object (decision 029).
    expect(await getChatSettings(env, id, CHARACTER)).toMatchObject({ model: "Mage", selectedVoice: "am_liam" });
    const bad: [object, string][] = [
      [{ model: "GPT" }, "Pick one of Mage, Witch, Succubus or Lightning."],
      [{ voice: "robot" }, "Pick one of the listed voices."],
      [{ voice: "original" }, "This character has no original voice sample."],
      [{ colour: "red" }, "Send { model }, { voice } or { personaId }."],
      [{ model: "Mage", voice: "am_liam" }, "Send { model }, { voice } or { personaId }."],
    ];
    for (const [body, message] of bad) {
      const r = await update(client, body);
      expect(r.status, message).toBe(400);
      expect(await errorOf(r)).toContain(message);
    }
    expect((await update(new Client(), { model: "Mage" })).status).toBe(401);
  });

  it("the persona editor is premium only; a save uses the prefix and the limit; null resets", async () => {
    const free = await asTier("persona-free@example.com", "FREE", false);
    const refused = await update(free.client, { id: CHARACTER, persona: "Kinder now." }, "POST");
    expect(refused.status).toBe(403);
    const premium = await asTier("persona-premium@example.com", "GOLD", true);
    expect((await update(premium.client, { id: CHARACTER, persona: "A gentle fencing master." }, "POST")).status).toBe(200);
    const row = async () => (await getChatSettings(env, premium.id, CHARACTER))?.persona;
    expect(await row()).toBe("Odile's Persona: A gentle fencing master.");
    const long = await update(premium.client, { id: CHARACTER, persona: "x".repeat(990) }, "POST");
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe("Please keep your persona under 1000 characters.");
    expect((await update(premium.client, { id: CHARACTER, persona: null }, "POST")).status).toBe(200);
    expect(await row()).toBeNull();
  });
});

describe("the persona a person chats as, per character (issue 24)", () => {
  const details = async (client: Client, characterId: string) => (await (await client.fetch(`/api/characters/${characterId}`)).json()) as any;
  const newPersona = async (client: Client, name: string, isDefault = false) =>
    ((await (await putJson(client, "/api/personas", { name, persona: `${name} travels light.`, isDefault }, "POST")).json()) as any).id as string;

  it("picking one in a character's panel applies to that chat only; the default stays, and a deleted pick falls back to it", async () => {
    const { client, id } = await asTier("chat-as@example.com", "FREE", false);
    const wren = await newPersona(client, "Wren", true);
    const sable = await newPersona(client, "Sable");
    expect((await details(client, CHARACTER)).chattingAs).toBe(wren);

    expect((await update(client, { personaId: sable })).status).toBe(200);
    expect((await getChatSettings(env, id, CHARACTER))?.personaId).toBe(sable);
    expect((await details(client, CHARACTER)).chattingAs).toBe(sable);
    // Another character's chat, and the default, are untouched.
    const other = await details(client, OTHER_CHARACTER);
    expect(other.chattingAs).toBe(wren);
    expect(other.persona).toBe("Greets Wren by name.");
    const personas = (await (await client.fetch("/api/personas")).json()) as any[];
    expect(personas.find((p) => p.isDefault)?.id).toBe(wren);

    // Picked for Bastien too: his persona text now names Sable, as his chat will.
    expect((await putJson(client, `/api/chat/update?characterId=${OTHER_CHARACTER}`, { personaId: sable })).status).toBe(200);
    expect((await details(client, OTHER_CHARACTER)).persona).toBe("Greets Sable by name.");

    // null goes back to the default; a deleted pick falls back to it too.
    expect((await update(client, { personaId: null })).status).toBe(200);
    expect((await details(client, CHARACTER)).chattingAs).toBe(wren);
    expect((await putJson(client, `/api/personas/${sable}`, {}, "DELETE")).status).toBe(200);
    expect((await details(client, OTHER_CHARACTER)).chattingAs).toBe(wren);
  });

  it("refuses someone else's persona, or one that does not exist, in words", async () => {
    const stranger = await asTier("chat-as-stranger@example.com", "FREE", false);
    const theirs = await newPersona(stranger.client, "Mallory");
    const { client } = await asTier("chat-as-owner@example.com", "FREE", false);
    const words = "That persona is not one of yours any more. Pick another.";
    // Another person's persona or none at all is refused in words; a value that cannot be an id also names its field.
    const cases: [unknown, string][] = [
      [theirs, words],
      ["nosuchpersona001", words],
      ["x".repeat(200), `personaId: ${words}`],
      [42, `personaId: ${words}`],
    ];
    for (const [personaId, message] of cases) {
      const r = await update(client, { personaId });
      expect(r.status, String(personaId)).toBe(400);
      expect(await errorOf(r)).toBe(message);
    }
  });
});

describe("saved chats (GOLD only)", () => {
  it("answers 403 with the spec's message to non-GOLD users, for every call", async () => {
    const { client } = await asTier("saved-free@example.com", "FREE", false);
    const list = await client.fetch(`/api/chat/saved-chats?characterId=${CHARACTER}`);
    expect(list.status).toBe(403);
    expect(await errorOf(list)).toBe("This feature is only available for GOLD users.");
    for (const method of ["POST", "PUT", "DELETE"]) expect((await saved(client, { title: "x", chatId: "x" }, method)).status, method).toBe(403);
  });

  it("create (copying the current chat), list, select, rename and delete, with every validation message", async () => {
    const { client, id } = await asTier("saved-gold@example.com", "GOLD", false);
    await client.fetch(`/api/chats/${CHARACTER}`);
    expect(await errorOf(await saved(client, { title: "  " }, "POST"))).toBe("Please enter a title for the new chat");
    expect((await saved(client, { title: "Duel at dawn", copyCurrentChat: true }, "POST")).status).toBe(200);
    expect((await saved(client, { title: "Fresh start", copyCurrentChat: false }, "POST")).status).toBe(200);
    const list = async () => ((await (await client.fetch(`/api/chat/saved-chats?characterId=${CHARACTER}`)).json()) as any).chats as any[];
    let chats = await list();
    expect(chats.map((c) => [c.title, c.selected])).toEqual([
      ["Fresh start", true],
      ["Duel at dawn", false],
      ["", false],
    ]);
    const copied = chats[1];
    // Each chat has the person's own number, in the order they started them (an unnamed one shows "Unnamed Chat #1").
    expect(chats.map((c) => c.number)).toEqual([3, 2, 1]);
    expect(await storeValue(id, "SELECT count(*) AS n FROM messages WHERE chat_id = ?", copied.id)).toBe(1);
    // The list says how many messages each chat has, and ends with its last line.
    expect(copied.messages).toBe(1);
    expect(copied.lastLine).toBeTruthy();

    expect(await errorOf(await saved(client, {}, "PUT"))).toBe("Please select a chat to update");
    expect(await errorOf(await saved(client, { chatId: copied.id, title: "Duel at dawn" }, "PUT"))).toBe("Please enter a new title for the chat");
    expect(await errorOf(await saved(client, { chatId: copied.id, title: " " }, "PUT"))).toBe("Please enter a new title for the chat");
    expect((await saved(client, { chatId: copied.id, title: "The rematch" }, "PUT")).status).toBe(200);
    expect((await saved(client, { chatId: copied.id }, "PUT")).status).toBe(200);
    chats = await list();
    expect(chats.find((c) => c.id === copied.id)).toMatchObject({ title: "The rematch", selected: true });
    expect(((await (await client.fetch(`/api/chats/${CHARACTER}`)).json()) as any).chatId).toBe(copied.id);

    expect(await errorOf(await saved(client, {}, "DELETE"))).toBe("Please select a chat to delete");
    expect((await saved(client, { chatId: copied.id }, "DELETE")).status).toBe(200);
    chats = await list();
    expect(chats).toHaveLength(2);
    expect(chats.filter((c) => c.selected)).toHaveLength(1);
    // Numbers stay with their chats and are never given again.
    expect(chats.map((c) => c.number)).toEqual([3, 1]);
    expect((await saved(client, { title: "Third try", copyCurrentChat: false }, "POST")).status).toBe(200);
    expect((await list()).map((c) => c.number)).toEqual([4, 3, 1]);
    const other = await asTier("saved-other@example.com", "GOLD", false);
    expect((await saved(other.client, { chatId: chats[0].id }, "DELETE")).status).toBe(404);
    void id;
  });
});
