import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dailyCharacterChats, favorites, upvotes } from "~/db/schema";
import { dayKey } from "~/lib/day-key";
import worker from "../support/worker";
import { insertCharacter, insertUser, testDb } from "../support/fixtures";

// Characters' points (issue 27, decision 047): lifetime votes count a little, the last 30 days much
// more and less each day; the hourly cron touches only characters with recent activity.
const NOW = Date.UTC(2026, 5, 30, 12);
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW - days * DAY);
const points = async (id: string) => (await env.DB.prepare("SELECT points FROM characters WHERE id = ?").bind(id).first<number>("points"))!;

beforeAll(async () => {
  const author = await insertUser({ email: "points-author@example.com" });
  const voters = [];
  for (let i = 0; i < 12; i++) voters.push(await insertUser({ email: `points-voter-${i}@example.com` }));
  // An old favourite: twelve upvotes and four favourites, all half a year ago.
  // Its points are its lifetime part, as migration 0020 (or an earlier cron) left them: 5 × 12 + 8 × 4 + 30 chats.
  await insertCharacter({ id: "pointsold0000001", userId: author, name: "Old Favourite", chatCount: 30, points: 122 });
  // A newcomer: two upvotes, a favourite and three chats this week.
  await insertCharacter({ id: "pointsnew0000001", userId: author, name: "Newcomer", chatCount: 3 });
  // Quiet for months, with points someone set: the cron leaves it alone.
  await insertCharacter({ id: "pointsquiet00001", userId: author, name: "Quiet", points: 77 });
  // Its last vote was 31 days ago: it drops to its lifetime part.
  await insertCharacter({ id: "pointsfaded00001", userId: author, name: "Faded", points: 999 });
  const db = testDb();
  await db.insert(upvotes).values(voters.map((userId) => ({ userId, characterId: "pointsold0000001", createdAt: daysAgo(180) })));
  await db.insert(favorites).values(voters.slice(0, 4).map((userId) => ({ userId, characterId: "pointsold0000001", createdAt: daysAgo(180) })));
  await db.insert(upvotes).values([
    { userId: voters[0], characterId: "pointsnew0000001", createdAt: daysAgo(0) },
    { userId: voters[1], characterId: "pointsnew0000001", createdAt: daysAgo(2) },
  ]);
  await db.insert(favorites).values({ userId: voters[0], characterId: "pointsnew0000001", createdAt: daysAgo(1) });
  await db.insert(dailyCharacterChats).values({ day: dayKey(NOW - DAY), characterId: "pointsnew0000001", chats: 3 });
  await db.insert(upvotes).values({ userId: voters[2], characterId: "pointsfaded00001", createdAt: daysAgo(30.5) });
});

describe("points", () => {
  it("the hourly cron ranks a character people took to this week above one loved long ago, and leaves quiet ones alone", async () => {
    await worker.scheduled!(createScheduledController({ scheduledTime: NOW, cron: "0 * * * *" }), env);
    // Lifetime: 5 × 2 upvotes + 8 × 1 favourite + 3 chats = 21; this week: 3 chats × 29 + 5 × 30 + 5 × 28 + 8 × 29 = 609.
    expect(await points("pointsnew0000001")).toBe(21 + 609);
    // Nothing recent: not touched (its votes are months old).
    expect(await points("pointsold0000001")).toBe(122);
    expect(await points("pointsquiet00001")).toBe(77);
    // Faded: one upvote (5) and no chats; the vote is past the window.
    expect(await points("pointsfaded00001")).toBe(5);

    const popular = await env.DB.prepare(
      "SELECT id FROM characters WHERE id IN ('pointsnew0000001', 'pointsold0000001', 'pointsfaded00001') ORDER BY points DESC",
    ).all<{ id: string }>();
    expect(popular.results.map((r) => r.id)).toEqual(["pointsnew0000001", "pointsold0000001", "pointsfaded00001"]);
  });
});
