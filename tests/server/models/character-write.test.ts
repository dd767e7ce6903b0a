import { createMessageBatch } from "cloudflare:test";
import { encode as encodePng } from "fast-png";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { findUnsafe } from "~/lib/safety/screen";
import { type Client, putJson, signedIn } from "../support/client";
import worker from "../support/worker";
import { insertTags, storeValue } from "../support/fixtures";

/** A real 2 x 2 PNG (uploads read the picture's size from its header). */
const PNG = encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(200), channels: 4 });
const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0]);

beforeAll(() => insertTags(["Female", "Male", "Dark", "Wholesome"], ["Violence"]));

const valid = {
  name: "Mira Vale",
  description: "A lighthouse keeper.",
  persona: "Calm, wry and kind.",
  greeting: "*waves* Hello, {{user}}.",
  tags: ["Female", "Wholesome"],
};

async function upload(client: Client, id: string, kind: "thumbnail" | "voice", bytes: Uint8Array, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bytes as unknown as BlobPart], name));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return await client.fetch(`/api/characters/${id}/${kind}`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } });
}

describe("creating and editing characters", () => {
  it("creates a private character with the persona prefix, then publishing sets the release date", async () => {
    const client = await signedIn("creator@example.com");
    const response = await client.postJson("/api/characters", valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as any;
    const row = await env.DB.prepare("SELECT persona, is_public, release_date FROM characters WHERE id = ?").bind(id).first<any>();
    expect(row).toEqual({ persona: "Mira Vale's Persona: Calm, wry and kind.", is_public: 0, release_date: null });
    const tags = await env.DB.prepare("SELECT t.name FROM character_tags ct JOIN tags t ON t.id = ct.tag_id WHERE character_id = ? ORDER BY t.name")
      .bind(id)
      .all();
    expect(tags.results).toEqual([{ name: "Female" }, { name: "Wholesome" }]);

    expect((await putJson(client, `/api/characters/${id}/publish`, { isPublic: true })).status).toBe(200);
    const published = await env.DB.prepare("SELECT is_public, release_date FROM characters WHERE id = ?").bind(id).first<any>();
    expect(published.is_public).toBe(1);
    expect(published.release_date).toBeGreaterThan(0);

    expect((await putJson(client, `/api/characters/${id}`, { ...valid, name: "Mira", tags: ["Female", "Dark"], contentTags: ["Violence"] })).status).toBe(200);
    const edited = await env.DB.prepare("SELECT name, persona FROM characters WHERE id = ?").bind(id).first<any>();
    expect(edited).toEqual({ name: "Mira", persona: "Mira's Persona: Calm, wry and kind." });
  });

  it("answers 400 with clear messages: definition too long, both Male and Female, unknown tag or voice", async () => {
    const client = await signedIn("strict@example.com");
    const cases: [object, string][] = [
      // A character's definition holds 16,000 with its prefix (decision 032); 1000 is for people's own personas.
      [{ ...valid, persona: "x".repeat(15_990) }, "persona: Persona can be at most 16000 characters."],
      [{ ...valid, tags: ["Male", "Female"] }, "tags: Use only one of Male or Female."],
      [{ ...valid, tags: ["Pirate"] }, "tags.0: Unknown tag."],
      [{ ...valid, voice: "af_robot" }, "voice: Unknown voice."],
      [{ ...valid, name: "" }, "name: Give your character a name."],
    ];
    for (const [body, message] of cases) {
      const response = await client.postJson("/api/characters", body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error.message).toBe(message);
    }
  });

  it("refuses content the safety rules block", async () => {
    const client = await signedIn("unsafe@example.com");
    const response = await client.postJson("/api/characters", { ...valid, description: "A shy 16 year old." });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.message).toBe(
      'description: "16 year old" is not allowed. Characters must be adults, and our rules forbid this content (see /rules).',
    );
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM characters c JOIN users u ON u.id = c.user_id WHERE u.email = 'unsafe@example.com'").first(),
    ).toEqual({ n: 0 });
  });

  it("only the owner may edit; a moderator acts through moderation actions (decision 026)", async () => {
    const owner = await signedIn("owner-edit@example.com");
    const { id } = (await (await owner.postJson("/api/characters", valid)).json()) as any;
    const other = await signedIn("intruder@example.com");
    expect((await putJson(other, `/api/characters/${id}`, valid)).status).toBe(403);
    expect((await putJson(other, `/api/characters/${id}/publish`, { isPublic: true })).status).toBe(403);
    expect((await putJson(other, "/api/characters/zzzzzzzzzzzzzzzz", valid)).status).toBe(404);
    await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = 'intruder@example.com'").run();
    expect((await putJson(other, `/api/characters/${id}`, valid)).status).toBe(403);
    expect((await putJson(owner, `/api/characters/${id}`, valid)).status).toBe(200);
  });
});

describe("uploads", () => {
  it("stores a real PNG thumbnail in R2, served with its type, nosniff, and the caching its character's visibility allows; replaces the old one", async () => {
    const client = await signedIn("uploader@example.com");
    const { id } = (await (await client.postJson("/api/characters", valid)).json()) as any;
    const first = (await (await upload(client, id, "thumbnail", PNG, "pic.png", { isNsfw: "true" })).json()) as any;
    expect(first.url).toMatch(new RegExp(`^/media/thumbnails/${id}-[0-9a-z]{16}\\.png$`));
    const media = await client.fetch(first.url);
    expect(media.headers.get("content-type")).toBe("image/png");
    // A new character is private: its picture is its owner's, never cached (decision 026).
    expect(media.headers.get("cache-control")).toBe("private, no-store");
    expect(media.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(PNG);
    expect((await env.DB.prepare("SELECT is_nsfw_thumbnail FROM characters WHERE id = ?").bind(id).first<any>()).is_nsfw_thumbnail).toBe(1);
    const second = (await (await upload(client, id, "thumbnail", PNG, "again.png")).json()) as any;
    expect(second.key).not.toBe(first.key);
  });

  it("checks files by their bytes and size: a renamed text file or an oversized image is a 400", async () => {
    const client = await signedIn("bad-uploader@example.com");
    const { id } = (await (await client.postJson("/api/characters", valid)).json()) as any;
    const fake = await upload(client, id, "thumbnail", new TextEncoder().encode("<svg onload=alert(1)>"), "evil.png");
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as any).error.message).toBe("Thumbnails must be PNG, JPEG or WebP files.");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(client, id, "thumbnail", big, "big.png")).status).toBe(400);
    expect((await upload(client, id, "voice", OGG, "hello.ogg")).status).toBe(200);
    const wrongVoice = await upload(client, id, "voice", PNG, "hello.mp3");
    expect(((await wrongVoice.json()) as any).error.message).toBe("Voice samples must be MP3, WAV or OGG files.");
  });
});

describe("content safety rules", () => {
  it("read a character's fields as what the character is: a minor is refused, on whole words only", () => {
    // Character fields are read in identity mode (issue 59): a minor there is refused whatever the context.
    for (const bad of ["a loli", "a little girl", "a teenager", "she is 15 years old", "high school kids", "a toddler", "an eighth grader who loves chess"])
      expect(findUnsafe(bad, "identity"), bad).not.toBeNull();
    // A grown-up's child is someone else, not what the character is.
    for (const fine of [
      "a sonnet about the sea",
      "kidney beans",
      "a schoolteacher in her forties",
      "a 25 year old pilot",
      "minority report",
      "a widower who raises his son",
    ])
      expect(findUnsafe(fine, "identity"), fine).toBeNull();
  });
});

describe("creator hub and deletion", () => {
  it("lists my characters with chat and message counts; DELETE removes one and its files", async () => {
    const client = await signedIn("hub-owner@example.com");
    const { id } = (await (await client.postJson("/api/characters", valid)).json()) as any;
    const { key } = (await (await upload(client, id, "thumbnail", PNG, "pic.png")).json()) as any;
    const { user } = (await (await client.fetch("/api/me")).json()) as any;
    // A chat started through the app counts once; the messages come from the events queue's real consumer.
    const { chatId } = (await (await client.fetch(`/api/chats/${id}`)).json()) as { chatId: string };
    const events = [
      { kind: "sent", userId: user.id, characterId: id, at: Date.now() },
      { kind: "reply", userId: user.id, characterId: id, at: Date.now() },
      { kind: "reply_failed", userId: user.id, characterId: id, at: Date.now() },
    ];
    await worker.queue!(
      createMessageBatch<unknown>(
        "reverie-events",
        events.map((body, i) => ({ id: `hub${i}`, timestamp: new Date(), attempts: 1, body })),
      ),
      env,
    );
    const html = await (await client.fetch("/characters/creator-hub")).text();
    expect(html).toContain("Mira Vale");
    expect(html).toMatch(/Chats <\/dt><dd[^>]*>1<\/dd>/);
    expect(html).toMatch(/Messages <\/dt><dd[^>]*>2<\/dd>/);
    const other = await signedIn("hub-stranger@example.com");
    expect((await other.fetch(`/api/characters/${id}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } })).status).toBe(403);
    expect((await client.fetch(`/api/characters/${id}`, { method: "DELETE", headers: { origin: "http://127.0.0.1" } })).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM characters WHERE id = ?").bind(id).first()).toEqual({ n: 0 });
    // Deleting the character leaves the people who chatted with it their chats (decision 030).
    expect(await storeValue(user.id, "SELECT count(*) AS n FROM messages WHERE chat_id = ?", chatId)).toBe(1);
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});
