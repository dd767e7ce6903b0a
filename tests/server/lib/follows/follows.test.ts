import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { meId, signedIn, type Client } from "../../support/client";
import { insertCharacter, insertChat, insertUser } from "../../support/fixtures";

// Following creators (issue 64): follow and unfollow are idempotent, counted without scanning and
// right under parallel calls; /characters/following lists only followed creators' public characters.
const ORIGIN = { origin: "http://127.0.0.1" };
let creator: string;
let other: string;

const follow = (client: Client, id: string, on = true) => client.fetch(`/api/creators/${id}/follow`, { method: on ? "POST" : "DELETE", headers: ORIGIN });
const followers = async (id: string) => (await env.DB.prepare("SELECT followers FROM users WHERE id = ?").bind(id).first<{ followers: number }>())!.followers;

beforeAll(async () => {
  creator = await insertUser({ email: "follow-creator@example.com", name: "Odile Marsh" });
  other = await insertUser({ email: "follow-other@example.com", name: "Bram Other" });
  await insertCharacter({ id: "followchar000001", userId: creator, name: "Lantern Keeper Wren", greeting: "Hello." });
  await insertCharacter({ id: "followchar000002", userId: creator, name: "Secret Draft Ilse", greeting: "Hm.", isPublic: false });
  await insertCharacter({ id: "followchar000003", userId: other, name: "Harbour Pilot Tam", greeting: "Ahoy." });
});

describe("following creators (issue 64)", () => {
  it("follow and unfollow are idempotent, and the count moves once", async () => {
    const sam = await signedIn("follow-sam@example.com");
    const first = await follow(sam, creator);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ following: true, followers: 1 });
    expect(await (await follow(sam, creator)).json()).toEqual({ following: true, followers: 1 });
    expect(await (await follow(sam, creator, false)).json()).toEqual({ following: false, followers: 0 });
    expect(await (await follow(sam, creator, false)).json()).toEqual({ following: false, followers: 0 });
    const self = await signedIn("follow-creator@example.com");
    expect((await follow(self, creator)).status).toBe(400);
  });

  it("20 people following at once are counted 20 times, and again 20 after they all do it twice", async () => {
    const target = await insertUser({ email: "follow-popular@example.com" });
    const people = await Promise.all(Array.from({ length: 20 }, (_, n) => signedIn(`follow-fan-${n}@example.com`)));
    await Promise.all(people.map((p) => follow(p, target)));
    expect(await followers(target)).toBe(20);
    await Promise.all(people.flatMap((p) => [follow(p, target), follow(p, target)]));
    expect(await followers(target)).toBe(20);
    await Promise.all(people.slice(0, 10).map((p) => follow(p, target, false)));
    expect(await followers(target)).toBe(10);
  });

  it("Following lists the public characters of followed creators only; someone who follows nobody gets suggestions", async () => {
    const ana = await signedIn("follow-ana@example.com");
    // Nobody followed yet: the creators of characters Ana chatted with are suggested.
    await insertChat({ userId: await meId(ana), characterId: "followchar000001" });
    const empty = await (await ana.fetch("/characters/following")).text();
    expect(empty).toContain("follow anyone yet.");
    expect(empty).toContain("Odile Marsh");
    expect(empty).not.toContain("Bram Other");

    await follow(ana, creator);
    const page = await (await ana.fetch("/characters/following")).text();
    expect(page).toContain("Lantern Keeper Wren");
    expect(page).not.toContain("Secret Draft Ilse");
    expect(page).not.toContain("Harbour Pilot Tam");
    // The profile shows the count and that Ana follows.
    const profile = await (await ana.fetch(`/profile/${creator}`)).text();
    expect(profile).toMatch(/aria-pressed="true"[^>]*>Following</);
  });
});
