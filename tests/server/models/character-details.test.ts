import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { saveChatSettings } from "~/models/chat-settings.server";
import { Client, meId, signInByEmail, signedIn } from "../support/client";
import { insertCharacter, insertTags, insertUser } from "../support/fixtures";

let ownerId = "";
beforeAll(async () => {
  await insertTags(["Male", "Dominant"]);
  ownerId = await insertUser({ email: "details-owner@example.com", name: "Ada Author" });
  await insertCharacter({
    id: "detail0000000001",
    userId: ownerId,
    name: "Rook",
    persona: "Rook's Persona: {{char}} is stern but fair to {{user}}.",
    points: 42,
    imagePrompt: "a knight, oil painting",
    releaseDate: new Date(1700000000000),
    tags: ["Male", "Dominant"],
  });
  await insertCharacter({ id: "detail0000000002", userId: ownerId, name: "Draft", isPublic: false });
});

const get = async (client: Client, id: string) => await client.fetch(`/api/characters/${id}`);

describe("GET /api/characters/:id", () => {
  it("gives guests the overview without the hidden image prompt or the visibility label", async () => {
    const body = (await (await get(new Client(), "detail0000000001")).json()) as any;
    expect(body).toMatchObject({
      name: "Rook",
      author: "Ada Author",
      authorId: ownerId,
      points: 42,
      persona: "Rook is stern but fair to User.",
      authorNotes: null,
      imagePrompt: null,
      visibility: null,
      canEdit: false,
    });
    expect(body.voice).toEqual({ id: "am_liam", label: "Liam", hasOriginal: false });
    expect(body.releaseDate).toBe(new Date(1700000000000).toISOString());
  });

  it("shows the image prompt and visibility to the owner and moderators; private ones only to them", async () => {
    expect((await get(new Client(), "detail0000000002")).status).toBe(404);
    const owner = new Client();
    await signInByEmail(owner, "details-owner@example.com");
    expect((await (await get(owner, "detail0000000001")).json()) as any).toMatchObject({
      imagePrompt: "a knight, oil painting",
      visibility: "Public",
      canEdit: true,
    });
    expect(((await (await get(owner, "detail0000000002")).json()) as any).visibility).toBe("Private");
    await insertUser({ email: "details-mod@example.com", isModerator: true });
    const mod = await signedIn("details-mod@example.com");
    expect(((await (await get(mod, "detail0000000002")).json()) as any).visibility).toBe("Private");
    expect((await get(new Client(), "not-an-id")).status).toBe(404);
  });
});

describe("the Overview as the viewer's chat has it (issue 27)", () => {
  it("shows the voice they chose and their own version of the persona, with what the editor starts from", async () => {
    const client = await signedIn("details-viewer@example.com");
    const before = (await (await get(client, "detail0000000001")).json()) as any;
    expect(before).toMatchObject({ persona: "Rook is stern but fair to Details.", personaIsTheirs: false, voice: { id: "am_liam", label: "Liam" } });
    expect(before.personaSource).toEqual({ original: "Rook's Persona: {{char}} is stern but fair to {{user}}.", override: null });
    const userId = await meId(client);
    await saveChatSettings(
      env,
      userId,
      "detail0000000001",
      { selectedVoice: "af_bella", persona: "Rook's Persona: Rook is gentle with {{user}}." },
      { model: "Lightning" },
    );
    const after = (await (await get(client, "detail0000000001")).json()) as any;
    expect(after).toMatchObject({ persona: "Rook is gentle with Details.", personaIsTheirs: true, voice: { id: "af_bella", label: "Bella" } });
    expect(after.personaSource.override).toBe("Rook's Persona: Rook is gentle with {{user}}.");
  });
});

describe("a character's chat count", () => {
  it("counts a chat when it starts, and keeps counting it after the chat is deleted", async () => {
    const chats = async () => ((await (await get(new Client(), "detail0000000001")).json()) as { chats: number }).chats;
    expect(await chats()).toBe(0);
    const reader = await signedIn("details-reader@example.com");
    // Opening the chat starts it; opening it again does not start another.
    expect((await reader.fetch("/api/chats/detail0000000001")).status).toBe(200);
    expect((await reader.fetch("/api/chats/detail0000000001")).status).toBe(200);
    expect(await chats()).toBe(1);
    await insertUser({ email: "details-gold@example.com", tier: "GOLD", isSubscriptionActive: true });
    const gold = await signedIn("details-gold@example.com");
    await gold.fetch("/api/chats/detail0000000001");
    const made = await gold.postJson(
      "/api/chat/saved-chats",
      { characterId: "detail0000000001", title: "Second", copyCurrentChat: false },
      { origin: "http://127.0.0.1" },
    );
    expect(made.status).toBe(200);
    expect(await chats()).toBe(3);
    const { chatId } = (await made.json()) as { chatId: string };
    const gone = await gold.fetch("/api/chat/saved-chats", {
      method: "DELETE",
      body: JSON.stringify({ characterId: "detail0000000001", chatId }),
      headers: { origin: "http://127.0.0.1", "content-type": "application/json" },
    });
    expect(gone.status).toBe(200);
    expect(await chats()).toBe(3);
  });
});
