import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/client";
import { insertCharacter, insertUser } from "../support/fixtures";

// What a first visit to /characters costs and says (issue 28): the first cards' pictures are fetched
// first (they are the largest paint), the page describes itself, and its headings do not skip a level.
beforeAll(async () => {
  const userId = await insertUser({ email: "catalog-page-author@example.com" });
  for (let i = 0; i < 8; i++) await insertCharacter({ name: `Catalog Page ${i}`, userId, description: "For the page's own test." });
});

async function page(path: string) {
  const guest = new Client();
  const response = await guest.fetch(path, { headers: { accept: "text/html", cookie: "reverie_age=adult" } });
  expect(response.status).toBe(200);
  return await response.text();
}

describe("the catalog page's first load", () => {
  it("fetches the first four cards' pictures at once and first, the rest when they come near", async () => {
    const html = await page("/characters");
    const pictures = [...html.matchAll(/<div class="card-thumb"><img ([^>]*)>/g)].map((m) => m[1]);
    expect(pictures.length).toBeGreaterThanOrEqual(8);
    for (const attrs of pictures.slice(0, 4)) expect(attrs).toMatch(/loading="eager".*fetchpriority="high"|fetchpriority="high".*loading="eager"/);
    for (const attrs of pictures.slice(4)) {
      expect(attrs).toContain('loading="lazy"');
      expect(attrs).not.toContain("fetchpriority");
    }
  });

  it("on the home page, where the hero's heading is the largest paint, leaves every card's picture until it comes near", async () => {
    const html = await page("/");
    const pictures = [...html.matchAll(/<div class="card-thumb"><img ([^>]*)>/g)].map((m) => m[1]);
    expect(pictures.length).toBeGreaterThanOrEqual(4);
    for (const attrs of pictures) {
      expect(attrs).toContain('loading="lazy"');
      expect(attrs).not.toContain("fetchpriority");
    }
  });

  it("has a meta description and headings in order: the title, the results, then each card", async () => {
    const html = await page("/characters");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]).toBeLessThanOrEqual(1));
  });
});
