import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { upvotes, favorites } from "~/db/schema";
import { Client, me, meId, signedIn } from "../support/client";
import { insertCharacter, insertChat, insertPersona, insertUser, testDb } from "../support/fixtures";

const del = (client: Client, userId: string, headers: Record<string, string> = { origin: "http://127.0.0.1" }) =>
  client.fetch(`/api/admin/user/delete/${userId}`, { method: "DELETE", headers });

async function signedInWithId(email: string) {
  const client = await signedIn(email);
  return { client, id: await meId(client) };
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("DELETE /api/admin/user/delete/:userId", () => {
  it("deletes the account as the spec says, in D1 and R2", async () => {
    const author = await insertUser({ email: "other-author@example.com" });
    await insertCharacter({ id: "liked00000000001", userId: author, name: "Liked", upvotes: 4 });

    const { client, id } = await signedInWithId("leaving@example.com");
    // Inserting the vote rows moves the counts (5 upvotes, 1 favourite), as a real vote would.
    const stolenCookie = client.cookies.get("__session")!;
    await env.MEDIA.put("thumbnails/private-thumb.png", new Uint8Array([1, 2, 3]));
    await env.MEDIA.put("voices/private-voice.mp3", new Uint8Array([4, 5]));
    await env.MEDIA.put("thumbnails/public-thumb.png", new Uint8Array([6]));
    await insertPersona({ id: "persona000000001", userId: id, name: "Me", persona: "me" });
    await testDb().insert(upvotes).values({ userId: id, characterId: "liked00000000001" });
    await testDb().insert(favorites).values({ userId: id, characterId: "liked00000000001" });
    await insertCharacter({
      id: "private000000001",
      userId: id,
      name: "Draft",
      isPublic: false,
      thumbnail: "thumbnails/private-thumb.png",
      voiceSampleFile: "voices/private-voice.mp3",
    });
    await insertCharacter({ id: "public0000000001", userId: id, name: "Published", thumbnail: "thumbnails/public-thumb.png" });
    await insertChat({
      id: "chat000000000001",
      userId: id,
      characterId: "liked00000000001",
      title: "Our chat",
      messages: [{ id: "msg0000000000001", role: "user", content: "hello" }],
    });

    const response = await del(client, id);
    expect(response.status).toBe(200);

    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", id)).toBe(0);
    for (const table of ["sessions", "personas", "upvotes", "favorites", "saved_chats", "user_preferences", "auth_accounts"])
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, id), table).toBe(0);
    expect(await count("SELECT count(*) AS n FROM messages WHERE id = 'msg0000000000001'")).toBe(0);
    expect(await env.DB.prepare("SELECT upvotes, favorites FROM characters WHERE id = 'liked00000000001'").first()).toEqual({ upvotes: 4, favorites: 0 });
    expect(await count("SELECT count(*) AS n FROM characters WHERE id = 'private000000001'")).toBe(0);
    expect(await env.MEDIA.head("thumbnails/private-thumb.png")).toBeNull();
    expect(await env.MEDIA.head("voices/private-voice.mp3")).toBeNull();
    const moved = await env.DB.prepare(
      "SELECT c.user_id AS userId, u.name AS name FROM characters c JOIN users u ON u.id = c.user_id WHERE c.id = 'public0000000001'",
    ).first();
    expect(moved).toEqual({ userId: "notfound00000000", name: "Not Found" });
    expect(await env.MEDIA.head("thumbnails/public-thumb.png")).not.toBeNull();

    const replay = new Client();
    replay.cookies.set("__session", stolenCookie);
    expect(await (await replay.fetch("/api/auth/session")).json()).toEqual({});

    const again = await signedInWithId("leaving@example.com");
    expect(again.id).not.toBe(id);
    expect((await me(again.client)).UserPersonas).toEqual([]);
  });

  it("only the user themself or the admin may delete, over DELETE with CSRF", async () => {
    const target = await signedInWithId("target@example.com");
    const other = await signedInWithId("someone-else@example.com");
    expect((await del(other.client, target.id)).status).toBe(403);
    expect((await target.client.fetch(`/api/admin/user/delete/${target.id}`)).status).toBe(405);
    expect((await del(target.client, target.id, {})).status).toBe(403);
    expect((await del(target.client, target.id, { origin: "https://evil.example" })).status).toBe(403);
    expect((await del(new Client(), target.id)).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", target.id)).toBe(1);

    await insertUser({ email: "the-admin@example.com", id: env.ADMIN_USER_ID });
    const admin = await signedIn("the-admin@example.com");
    expect((await del(admin, target.id)).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", target.id)).toBe(0);
    expect((await del(admin, "notfound00000000")).status).toBe(404);
    expect((await del(admin, "bad-id")).status).toBe(404);
  });
});
