import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { HOUR_MS, hourOf, refreshTrending } from "~/models/trending.server";
import { sweepExpired } from "~/models/sweep.server";
import { Client, signedIn } from "../../support/client";
import { insertCharacter, insertUser } from "../../support/fixtures";

// Trending (issue 64): chats started in the last 24 hours (or 7 days) order /characters?sort=trending;
// a chat's start counts its hour; the hourly refresh rewrites only what may have moved; the home page's
// Rising row shows what people started chatting with today.
const NOW = Date.now();
const hoursAgo = (n: number) => hourOf(NOW) - n;
const started = (characterId: string, hour: number, chats: number) =>
  env.DB.prepare("INSERT INTO hourly_character_chats (character_id, hour, chats) VALUES (?, ?, ?)").bind(characterId, hour, chats).run();
const trending = async (id: string) =>
  (await env.DB.prepare("SELECT trending_day AS day, trending_week AS week FROM characters WHERE id = ?").bind(id).first<{ day: number; week: number }>())!;
/** The order the names appear in on a page. */
const orderOn = (html: string, names: string[]) => names.map((n) => html.indexOf(n)).map((i) => (i < 0 ? Infinity : i));

beforeAll(async () => {
  const creator = await insertUser({ email: "trend-creator@example.com" });
  await insertCharacter({ id: "trendchar0000001", userId: creator, name: "Yesterday Star Vell", greeting: "Hi." });
  await insertCharacter({ id: "trendchar0000002", userId: creator, name: "Today Riser Oona", greeting: "Hi." });
  await insertCharacter({ id: "trendchar0000003", userId: creator, name: "Quiet Old Brann", greeting: "Hi." });
  // Vell: 10 chats 30 hours ago (outside the day, inside the week); Oona: 3 in the last hours; Brann: 9 ten days ago.
  await started("trendchar0000001", hoursAgo(30), 10);
  await started("trendchar0000002", hoursAgo(2), 2);
  await started("trendchar0000002", hoursAgo(23), 1);
  await started("trendchar0000003", hoursAgo(240), 9);
});

describe("trending (issue 64)", () => {
  it("orders by chats started in the last 24 hours only, or in the last 7 days", async () => {
    // The hourly cron, run by run over the last 31 hours.
    for (let h = 31; h >= 1; h--) await refreshTrending(createDb(env.DB), NOW - h * HOUR_MS);
    const rewritten = await refreshTrending(createDb(env.DB), NOW);
    // Only Oona had a chat in the last hours; Vell's hour left the day hours ago, Brann's long before.
    expect(rewritten).toBe(1);
    expect(await trending("trendchar0000001")).toEqual({ day: 0, week: 10 });
    expect(await trending("trendchar0000002")).toEqual({ day: 3, week: 3 });
    expect(await trending("trendchar0000003")).toEqual({ day: 0, week: 0 });

    const guest = new Client();
    const day = await (await guest.fetch("/characters?sort=trending")).text();
    const [vell, oona] = orderOn(day, ["Yesterday Star Vell", "Today Riser Oona"]);
    expect(oona).toBeLessThan(vell);
    const week = await (await guest.fetch("/characters?sort=trending-week")).text();
    const [vellWeek, oonaWeek, brannWeek] = orderOn(week, ["Yesterday Star Vell", "Today Riser Oona", "Quiet Old Brann"]);
    expect(vellWeek).toBeLessThan(oonaWeek);
    expect(oonaWeek).toBeLessThan(brannWeek);

    // An hour later than the edge, Oona's hour from 23 hours ago has left the day.
    await refreshTrending(createDb(env.DB), NOW + 2 * HOUR_MS);
    expect(await trending("trendchar0000002")).toEqual({ day: 2, week: 3 });
  });

  it("the home page's Rising row shows today's characters, not yesterday's", async () => {
    await refreshTrending(createDb(env.DB), NOW);
    const home = await (await new Client().fetch("/")).text();
    const rising = home.slice(home.indexOf('id="rising-heading"'));
    expect(home).toContain('id="rising-heading"');
    expect(rising).toContain("Today Riser Oona");
    expect(rising.slice(0, rising.indexOf("</section>"))).not.toContain("Yesterday Star Vell");
  });

  it("opening a new chat counts its hour", async () => {
    const reader = await signedIn("trend-reader@example.com");
    expect((await reader.fetch("/characters/chat/trendchar0000003")).status).toBe(200);
    const row = await env.DB.prepare("SELECT chats FROM hourly_character_chats WHERE character_id = ? AND hour = ?")
      .bind("trendchar0000003", hourOf(Date.now()))
      .first<{ chats: number }>();
    expect(row?.chats).toBe(1);
    // Opening it again is the same chat: no second count.
    await reader.fetch("/characters/chat/trendchar0000003");
    expect(
      (await env.DB.prepare("SELECT sum(chats) AS n FROM hourly_character_chats WHERE character_id = ? AND hour >= ?")
        .bind("trendchar0000003", hoursAgo(1))
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it("the sweep drops hours past both windows", async () => {
    await sweepExpired(createDb(env.DB), NOW);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM hourly_character_chats WHERE character_id = 'trendchar0000003' AND hour < ?")
      .bind(hoursAgo(200))
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
