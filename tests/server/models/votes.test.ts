import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, signedIn } from "../support/client";
import { insertCharacter, insertUser } from "../support/fixtures";

const post = (client: Client, path: string) => client.fetch(path, { method: "POST", headers: { origin: "http://127.0.0.1" } });

describe("upvote and favourite", () => {
  it("toggle per user, move the count by one, and answer the updated character", async () => {
    const author = await insertUser({ email: "voted-author@example.com" });
    await insertCharacter({ id: "voted00000000001", userId: author, name: "Voted", upvotes: 10, favorites: 0 });
    const client = await signedIn("voter@example.com");
    let body = (await (await post(client, "/api/characters/voted00000000001/upvote")).json()) as any;
    expect(body).toMatchObject({ id: "voted00000000001", upvotes: 11, isUpvoted: true, isFavorited: false });
    body = (await (await post(client, "/api/characters/voted00000000001/favorite")).json()) as any;
    expect(body).toMatchObject({ favorites: 1, isFavorited: true, isUpvoted: true });
    body = (await (await post(client, "/api/characters/voted00000000001/upvote")).json()) as any;
    expect(body).toMatchObject({ upvotes: 10, isUpvoted: false });
    body = (await (await post(client, "/api/characters/voted00000000001/favorite")).json()) as any;
    expect(body).toMatchObject({ favorites: 0, isFavorited: false });
  });

  it("never goes below 0, even when the stored count is already 0", async () => {
    const author = await insertUser({ email: "zero-author@example.com" });
    await insertCharacter({ id: "zero000000000001", userId: author, name: "Zero" });
    const client = await signedIn("zero-voter@example.com");
    await post(client, "/api/characters/zero000000000001/favorite");
    await env.DB.prepare("UPDATE characters SET favorites = 0 WHERE id = 'zero000000000001'").run();
    const body = (await (await post(client, "/api/characters/zero000000000001/favorite")).json()) as any;
    expect(body.favorites).toBe(0);
  });

  it("needs a signed-in user, CSRF, and a character the user can see", async () => {
    const author = await insertUser({ email: "hidden-author@example.com" });
    await insertCharacter({ id: "hidden0000000001", userId: author, name: "Hidden", isPublic: false });
    expect((await post(new Client(), "/api/characters/hidden0000000001/upvote")).status).toBe(401);
    const client = await signedIn("peeker@example.com");
    expect((await post(client, "/api/characters/hidden0000000001/upvote")).status).toBe(404);
    expect((await post(client, "/api/characters/not-an-id/upvote")).status).toBe(404);
    expect((await client.fetch("/api/characters/hidden0000000001/upvote", { method: "POST" })).status).toBe(403);
    expect((await client.fetch("/api/characters/hidden0000000001/upvote")).status).toBe(405);
  });
});

describe("votes under parallel requests", () => {
  it("50 parallel upvotes by one user count exactly what is stored", async () => {
    const author = await insertUser({ email: "swarm-author@example.com" });
    await insertCharacter({ id: "swarm00000000001", userId: author, name: "Swarm", upvotes: 7, favorites: 3 });
    const client = await signedIn("swarm-voter@example.com");
    for (const kind of ["upvote", "favorite"] as const) {
      await Promise.all(Array.from({ length: 50 }, () => post(client, `/api/characters/swarm00000000001/${kind}`)));
      const table = kind === "upvote" ? "upvotes" : "favorites";
      const rows = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE character_id = 'swarm00000000001'`).first<number>("n");
      const count = await env.DB.prepare(`SELECT ${table} AS n FROM characters WHERE id = 'swarm00000000001'`).first<number>("n");
      expect(rows! <= 1).toBe(true);
      expect(count).toBe((kind === "upvote" ? 7 : 3) + rows!);
    }
  });
});
