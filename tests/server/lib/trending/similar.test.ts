import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { dayKey } from "~/lib/day-key";
import { refreshSimilar } from "~/models/similar.server";
import { Client } from "../../support/client";
import { insertCharacter, insertTags, insertUser } from "../../support/fixtures";

// Similar characters (issue 64): the daily rollup ranks, for each character used lately, the public
// characters the same people chatted with (3 points a person) and those sharing tags (1 a tag, RolePlay
// not counted); the Overview lists them, best first.
const NOW = Date.now();
const DAY = 86_400_000;
const chatted = (characterId: string, userId: string, daysAgo: number) =>
  env.DB.prepare("INSERT INTO character_chatters (character_id, day, user_id, returned) VALUES (?, ?, ?, 0)")
    .bind(characterId, dayKey(NOW - daysAgo * DAY), userId)
    .run();

beforeAll(async () => {
  await insertTags(["Female", "Fantasy", "Male", "RolePlay"]);
  const creator = await insertUser({ email: "similar-creator@example.com" });
  await insertCharacter({ id: "similarchar00001", userId: creator, name: "Source Sela", greeting: "Hi.", tags: ["Female", "Fantasy", "RolePlay"] });
  await insertCharacter({ id: "similarchar00002", userId: creator, name: "Tagged Twin Tova", greeting: "Hi.", tags: ["Female", "Fantasy"] });
  await insertCharacter({ id: "similarchar00003", userId: creator, name: "Co-chatted Cato", greeting: "Hi.", tags: ["Male"] });
  await insertCharacter({ id: "similarchar00004", userId: creator, name: "Private Pell", greeting: "Hi.", tags: ["Female", "Fantasy"], isPublic: false });
  await insertCharacter({ id: "similarchar00005", userId: creator, name: "RolePlay Only Rue", greeting: "Hi.", tags: ["RolePlay", "Male"] });
  await insertCharacter({ id: "similarchar00006", userId: creator, name: "Long Ago Lio", greeting: "Hi.", tags: ["Male"] });
  // Sela was opened this week; two people chatted with Sela and Cato this month, one with Lio two months ago.
  await env.DB.prepare("INSERT INTO character_daily (character_id, day, opens) VALUES ('similarchar00001', ?, 5)")
    .bind(dayKey(NOW - DAY))
    .run();
  for (const user of ["simuser1", "simuser2"]) {
    await chatted("similarchar00001", user, 3);
    await chatted("similarchar00003", user, 10);
  }
  await chatted("similarchar00001", "simuser3", 2);
  await chatted("similarchar00006", "simuser3", 60);
});

describe("similar characters (issue 64)", () => {
  it("ranks who chatted with both above shared tags, public only, never itself", async () => {
    await refreshSimilar(createDb(env.DB), NOW);
    const rows = (
      await env.DB.prepare("SELECT similar_id AS id, score FROM similar_characters WHERE character_id = 'similarchar00001' ORDER BY rank").all<{
        id: string;
        score: number;
      }>()
    ).results;
    // Cato: 2 people × 3; Tova: Female and Fantasy; RolePlay alone counts nothing; Pell is private; Lio's chat is too old.
    expect(rows).toEqual([
      { id: "similarchar00003", score: 6 },
      { id: "similarchar00002", score: 2 },
    ]);
    const details = (await (await new Client().fetch("/api/characters/similarchar00001", { headers: { cookie: "reverie_age=adult" } })).json()) as any;
    expect(details.similar).toEqual([
      { id: "similarchar00003", name: "Co-chatted Cato" },
      { id: "similarchar00002", name: "Tagged Twin Tova" },
    ]);
  });

  it("a run keeps the lists of characters nobody used this week, and a character made private drops out of others' lists", async () => {
    await env.DB.prepare("INSERT INTO similar_characters (character_id, rank, similar_id, score) VALUES ('similarchar00006', 1, 'similarchar00003', 9)").run();
    await env.DB.prepare("UPDATE characters SET is_public = 0 WHERE id = 'similarchar00003'").run();
    await refreshSimilar(createDb(env.DB), NOW);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM similar_characters WHERE character_id = 'similarchar00006'").first<{ n: number }>();
    expect(kept!.n).toBe(1);
    const details = (await (await new Client().fetch("/api/characters/similarchar00001", { headers: { cookie: "reverie_age=adult" } })).json()) as any;
    expect(details.similar.map((s: any) => s.id)).toEqual(["similarchar00002"]);
  });
});
