import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getConfig } from "~/lib/config.server";
import { serverTimingValue, startTiming, timedD1 } from "~/lib/http/server-timing.server";

describe("Server-Timing", () => {
  it("counts each D1 round trip (a statement, a batch) and the time one was in flight, with the same results", async () => {
    const timing = startTiming();
    const db = createDb(timedD1(env.DB, timing));
    const plain = createDb(env.DB);
    expect(await db.select({ n: sql<number>`count(*)` }).from(users)).toEqual(await plain.select({ n: sql<number>`count(*)` }).from(users));
    expect(timing.trips).toBe(1);
    const [a, b] = await db.batch([
      db
        .select({ one: sql<number>`1` })
        .from(users)
        .limit(1),
      db
        .select({ two: sql<number>`2` })
        .from(users)
        .limit(1),
    ]);
    expect([Array.isArray(a), Array.isArray(b)]).toEqual([true, true]);
    expect(timing.trips).toBe(2);
    expect(timing.waits).toBe(2);
    // Two at once are two trips but one wait.
    await Promise.all([db.run(sql`select 1`), db.run(sql`select 2`)]);
    expect(timing.trips).toBe(4);
    expect(timing.waits).toBe(3);
    expect(timing.inFlight).toBe(0);
    expect(timing.db).toBeGreaterThanOrEqual(0);
  });

  it("writes db, render and total as the header says them", () => {
    const timing = { ...startTiming(), db: 3.25, trips: 3, waits: 2, render: 7 };
    expect(serverTimingValue(timing)).toMatch(/^db;dur=3\.3;desc="3 round trips, 2 in sequence", render;dur=7\.0, total;dur=\d+\.\d$/);
    expect(serverTimingValue({ ...timing, render: null, trips: 1, waits: 1 }, ['cache;desc="guest page cache"'])).toMatch(
      /^db;dur=3\.3;desc="1 round trip, 1 in sequence", cache;desc="guest page cache", total;dur=/,
    );
  });

  it("is on in development, off in production unless SERVER_TIMING says on, and refuses other values", () => {
    const config = (vars: Record<string, string>) =>
      getConfig({ ...env, SESSION_SECRET: "x".repeat(40), MAIL_API_URL: "https://mail.example", MAIL_API_KEY: "k", ...vars } as Env);
    expect(config({ APP_ENV: "development" }).serverTiming).toBe(true);
    expect(config({ APP_ENV: "development", SERVER_TIMING: "off" }).serverTiming).toBe(false);
    expect(config({ APP_ENV: "production" }).serverTiming).toBe(false);
    expect(config({ APP_ENV: "production", SERVER_TIMING: "on" }).serverTiming).toBe(true);
    expect(() => config({ APP_ENV: "production", SERVER_TIMING: "yes" })).toThrow(/SERVER_TIMING must be on or off/);
  });
});
