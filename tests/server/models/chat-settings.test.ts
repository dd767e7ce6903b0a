import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, meId, putJson, signedIn } from "../support/client";
import { insertCharacter, insertUser } from "../support/fixtures";

const CHARACTER = "chatsettings0001";

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
    const row = await env.DB.prepare("SELECT model, selected_voice FROM chat_settings WHERE user_id = ? AND character_id = ?").bind(id, CHARACTER).first<any>();
    expect(row).toEqual({ model: "Mage", selected_voice: "am_liam" });
    const bad: [object, string][] = [
      [{ model: "GPT" }, "Pick one of Mage, Witch, Succubus or Lightning."],
      [{ voice: "robot" }, "Pick one of the listed voices."],
      [{ voice: "original" }, "This character has no original voice sample."],
      [{ colour: "red" }, "Send { model } or { voice }."],
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
    const row = () =>
      env.DB.prepare("SELECT persona FROM chat_settings WHERE user_id = ? AND character_id = ?").bind(premium.id, CHARACTER).first<string>("persona");
    expect(await row()).toBe("Odile's Persona: A gentle fencing master.");
    const long = await update(premium.client, { id: CHARACTER, persona: "x".repeat(990) }, "POST");
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe("Please keep your persona under 1000 characters.");
    expect((await update(premium.client, { id: CHARACTER, persona: null }, "POST")).status).toBe(200);
    expect(await row()).toBeNull();
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
    expect(await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE chat_id = ?").bind(copied.id).first("n")).toBe(1);
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
    const other = await asTier("saved-other@example.com", "GOLD", false);
    expect((await saved(other.client, { chatId: chats[0].id }, "DELETE")).status).toBe(404);
    void id;
  });
});
