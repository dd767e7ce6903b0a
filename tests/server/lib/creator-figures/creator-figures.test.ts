import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { dayKey } from "~/lib/day-key";
import { addUp } from "~/models/activity-events.server";
import { creatorFigures } from "~/models/creator-figures.server";
import { meId, putJson, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

// The Creator Hub's dashboard (issue 64): impressions, opens and messages are added up from batched
// events, chatters (and who came back) once a day, chats, upvotes, favourites and ratings by triggers
// as their rows are written; the dashboard reads the creator's rows for a period and the one before.
const DAY = 86_400_000;
const NOW = Date.parse("2026-12-06T12:00:00Z");
const db = () => createDb(env.DB);
const daily = (id: string, day: string) => env.DB.prepare("SELECT * FROM character_daily WHERE character_id = ? AND day = ?").bind(id, day).first<any>();
let creator: string;

beforeAll(async () => {
  creator = await insertUser({ email: "figures-creator@example.com", name: "Figure Maker" });
  const other = await insertUser({ email: "figures-other@example.com" });
  await insertCharacter({ id: "figurechar000001", userId: creator, name: "Counted Calla", greeting: "Hi." });
  await insertCharacter({ id: "figurechar000002", userId: creator, name: "Counted Dov", greeting: "Hi." });
  await insertCharacter({ id: "figurechar000003", userId: other, name: "Someone Else's Eda", greeting: "Hi." });
});

describe("the creators' figures (issue 64)", () => {
  it("a batch of 100 listings (2,400 cards) is added up in a few statements", async () => {
    const ids = Array.from({ length: 24 }, (_, n) => `manycards${String(n).padStart(7, "0")}`);
    await addUp(
      db(),
      Array.from({ length: 100 }, () => ({ kind: "impressions" as const, characterIds: ids, at: NOW })),
    );
    const row = await env.DB.prepare("SELECT count(*) AS n, sum(impressions) AS total FROM character_daily WHERE character_id LIKE 'manycards%'").first<{
      n: number;
      total: number;
    }>();
    expect(row).toEqual({ n: 24, total: 2400 });
  });

  it("a batch of events adds impressions, opens, messages and each day's chatters once, marking who came back", async () => {
    const day1 = NOW - 2 * DAY;
    const day2 = NOW - DAY;
    await addUp(db(), [
      { kind: "impressions", characterIds: ["figurechar000001", "figurechar000002", "figurechar000001"], at: day1 },
      { kind: "impressions", characterIds: ["figurechar000001"], at: day1 },
      { kind: "open", characterId: "figurechar000001", at: day1 },
      { kind: "sent", userId: "figreader1", characterId: "figurechar000001", at: day1 },
      { kind: "reply", userId: "figreader1", characterId: "figurechar000001", at: day1 },
      { kind: "sent", userId: "figreader1", characterId: "figurechar000001", at: day1 },
    ]);
    // A later batch: the same reader again the next day (returning), and a new one.
    await addUp(db(), [
      { kind: "sent", userId: "figreader1", characterId: "figurechar000001", at: day2 },
      { kind: "sent", userId: "figreader2", characterId: "figurechar000001", at: day2 },
      { kind: "open", characterId: "figurechar000001", at: day2 },
    ]);
    // The same batch delivered twice would count its events twice (decision 028), but never a chatter twice.
    await addUp(db(), [{ kind: "sent", userId: "figreader2", characterId: "figurechar000001", at: day2 }]);
    // Within one batch too: a third reader on both days is new on the first and returning on the second.
    await addUp(db(), [
      { kind: "sent", userId: "figreader3", characterId: "figurechar000002", at: day2 },
      { kind: "sent", userId: "figreader3", characterId: "figurechar000002", at: day1 },
    ]);
    expect(await daily("figurechar000002", dayKey(day1))).toMatchObject({ chatters: 1, returned: 0 });
    expect(await daily("figurechar000002", dayKey(day2))).toMatchObject({ chatters: 1, returned: 1 });
    expect(await daily("figurechar000001", dayKey(day1))).toMatchObject({ impressions: 2, opens: 1, messages: 3, chatters: 1, returned: 0 });
    expect(await daily("figurechar000002", dayKey(day1))).toMatchObject({ impressions: 1, opens: 0, messages: 1 });
    expect(await daily("figurechar000001", dayKey(day2))).toMatchObject({ opens: 1, messages: 3, chatters: 2, returned: 1 });
  });

  it("chats started, upvotes, favourites and ratings are counted by triggers as they are written", async () => {
    const reader = await signedIn("figures-reader@example.com");
    const today = dayKey(Date.now());
    const before = (await daily("figurechar000002", today)) ?? { chats: 0, upvotes: 0, favorites: 0 };
    expect((await reader.fetch("/characters/chat/figurechar000002")).status).toBe(200);
    expect((await putJson(reader, "/api/characters/figurechar000002/upvote", {}, "POST")).status).toBeLessThan(300);
    expect((await putJson(reader, "/api/characters/figurechar000002/favorite", {}, "POST")).status).toBeLessThan(300);
    await env.DB.prepare("INSERT INTO reviews (id, character_id, user_id, rating) VALUES ('figreview0000001', 'figurechar000002', ?, 4)")
      .bind(await meId(reader))
      .run();
    expect(await daily("figurechar000002", today)).toMatchObject({
      chats: before.chats + 1,
      upvotes: before.upvotes + 1,
      favorites: before.favorites + 1,
      ratings: 1,
      rating_sum: 4,
    });
    // Taken back, changed or deleted, they leave the day as if they had not been: toggling pumps nothing.
    for (let i = 0; i < 3; i++) await putJson(reader, "/api/characters/figurechar000002/upvote", {}, "POST");
    await putJson(reader, "/api/characters/figurechar000002/favorite", {}, "POST");
    await env.DB.prepare("UPDATE reviews SET rating = 2 WHERE id = 'figreview0000001'").run();
    expect(await daily("figurechar000002", today)).toMatchObject({ upvotes: before.upvotes, favorites: before.favorites, ratings: 1, rating_sum: 2 });
    await env.DB.prepare("DELETE FROM reviews WHERE id = 'figreview0000001'").run();
    expect(await daily("figurechar000002", today)).toMatchObject({ ratings: 0, rating_sum: 0 });
  });

  it("the dashboard sums the creator's own characters over the period and the one before", async () => {
    const put = (id: string, daysAgo: number, impressions: number, chats: number, messages: number) =>
      env.DB.prepare(
        "INSERT INTO character_daily (character_id, day, impressions, chats, messages) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET impressions = excluded.impressions, chats = excluded.chats, messages = excluded.messages",
      )
        .bind(id, dayKey(NOW - daysAgo * DAY), impressions, chats, messages)
        .run();
    await env.DB.prepare("DELETE FROM character_daily").run();
    await put("figurechar000001", 0, 10, 2, 20);
    await put("figurechar000001", 6, 5, 1, 4);
    await put("figurechar000002", 3, 7, 1, 6);
    await put("figurechar000001", 7, 100, 9, 90); // the 7 days before
    await put("figurechar000001", 13, 1, 1, 1); // the 7 days before
    await put("figurechar000001", 14, 1000, 1000, 1000); // older than both
    await put("figurechar000003", 0, 999, 999, 999); // another creator's
    const week = await creatorFigures(db(), creator, { days: 7, now: NOW });
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)!.day).toBe(dayKey(NOW));
    expect(week.current).toMatchObject({ impressions: 22, chats: 4, messages: 30 });
    expect(week.previous).toMatchObject({ impressions: 101, chats: 10, messages: 91 });
    expect(week.series.map((p) => p.sums.impressions)).toEqual([5, 0, 0, 7, 0, 0, 10]);
    expect(week.perCharacter.figurechar000001.current).toMatchObject({ impressions: 15, chats: 3 });
    expect(week.perCharacter.figurechar000002.current).toMatchObject({ impressions: 7 });
    expect(week.perCharacter.figurechar000003).toBeUndefined();
    const one = await creatorFigures(db(), creator, { days: 7, now: NOW, characterId: "figurechar000002" });
    expect(one.current).toMatchObject({ impressions: 7, chats: 1, messages: 6 });
    // Another creator's character, asked by id, yields nothing of theirs.
    const theirs = await creatorFigures(db(), creator, { days: 7, now: NOW, characterId: "figurechar000003" });
    expect(theirs.current.impressions).toBe(0);
  });

  it("the Creator Hub opens on the dashboard, with each figure's numbers in a table", async () => {
    await env.DB.prepare(
      "INSERT INTO character_daily (character_id, day, impressions, opens) VALUES ('figurechar000002', ?, 4321, 12) ON CONFLICT DO UPDATE SET impressions = 4321, opens = 12",
    )
      .bind(dayKey(Date.now()))
      .run();
    const hub = await signedIn("figures-creator@example.com");
    const todaySum = async () =>
      (await env.DB.prepare(
        "SELECT sum(d.impressions) AS n FROM character_daily d JOIN characters c ON c.id = d.character_id WHERE c.user_id = ? AND d.day = ?",
      )
        .bind(creator, dayKey(Date.now()))
        .first<{ n: number }>())!.n;
    const before = await todaySum();
    const html = await (await hub.fetch("/characters/creator-hub?days=7")).text();
    expect(html).toContain("Your figures");
    expect(html).toMatch(/aria-current="page"[^>]*>7 days/);
    // Today's impressions of all their characters, as the table says (the real events queue may add a batch meanwhile).
    const after = await todaySum();
    expect(before).toBeGreaterThanOrEqual(4321);
    const cell = (n: number) => `<td>${dayKey(Date.now())}</td><td>${n.toLocaleString("en-US")}</td>`;
    expect(html.includes(cell(before)) || html.includes(cell(after))).toBe(true);
    expect(html).toContain("Detail opens");
    // A character that is not theirs in ?character= shows all of theirs instead; a bad period, 30 days.
    const fallback = await (await hub.fetch("/characters/creator-hub?days=12&character=figurechar000003")).text();
    expect(fallback).toMatch(/aria-current="page"[^>]*>30 days/);
    expect(fallback).not.toContain("Someone Else");
  });
});
