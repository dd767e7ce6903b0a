import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, insertTags, insertUser, putJson, signedIn } from "./helpers";

const TAGS = ["Female", "Male", "Furry", "Dark", "Wholesome", "RolePlay"];

async function character(
  id: string,
  name: string,
  fields: {
    description?: string;
    userId?: string;
    isPublic?: boolean;
    points?: number;
    upvotes?: number;
    tags?: string[];
    nsfw?: boolean;
    released?: number;
  } = {},
) {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO characters (id, user_id, name, description, is_public, points, upvotes, is_nsfw_thumbnail, release_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      fields.userId ?? null,
      name,
      fields.description ?? "",
      fields.isPublic === false ? 0 : 1,
      fields.points ?? 0,
      fields.upvotes ?? 0,
      fields.nsfw ? 1 : 0,
      fields.released ?? Date.now(),
    )
    .run();
  for (const tag of fields.tags ?? [])
    await env.DB.prepare("INSERT OR IGNORE INTO character_tags (character_id, tag_id) SELECT ?, id FROM tags WHERE name = ?").bind(id, tag).run();
}

const names = async (client: Client, path: string) => {
  const html = await (await client.fetch(path)).text();
  return [...html.matchAll(/<h3 class="truncate font-semibold text-white">([^<]+)<\/h3>/g)].map((m) => m[1]);
};

beforeAll(async () => {
  await insertTags(TAGS, ["Violence"]);
  await character("cat0000000000001", "Aria Moonwhisper", {
    description: "A gentle harpist of the northern isles.",
    points: 300,
    upvotes: 5,
    tags: ["Female", "Wholesome", "RolePlay"],
    released: 1000,
  });
  await character("cat0000000000002", "Brutus Ironhide", {
    description: "A grim mercenary with a dark past.",
    points: 200,
    upvotes: 50,
    tags: ["Male", "Dark"],
    released: 3000,
  });
  await character("cat0000000000003", "Fennel the Fox", {
    description: "A curious fox merchant.",
    points: 100,
    upvotes: 20,
    tags: ["Furry", "Male"],
    released: 2000,
    nsfw: true,
  });
});

describe("character lists", () => {
  it("sort by popularity, newest and upvotes", async () => {
    const guest = new Client();
    expect(await names(guest, "/characters")).toEqual(["Aria Moonwhisper", "Brutus Ironhide", "Fennel the Fox"]);
    expect(await names(guest, "/characters?sort=newest")).toEqual(["Brutus Ironhide", "Fennel the Fox", "Aria Moonwhisper"]);
    expect(await names(guest, "/characters?sort=upvotes")).toEqual(["Brutus Ironhide", "Fennel the Fox", "Aria Moonwhisper"]);
    expect(await names(guest, "/characters?sort=bogus")).toEqual(["Aria Moonwhisper", "Brutus Ironhide", "Fennel the Fox"]);
  });

  it("search names and descriptions by word prefix, with operators treated as text", async () => {
    const guest = new Client();
    expect(await names(guest, "/characters?q=harp")).toEqual(["Aria Moonwhisper"]);
    expect(await names(guest, "/characters?q=MERCENARY")).toEqual(["Brutus Ironhide"]);
    expect(await names(guest, "/characters?q=fox%20merchant")).toEqual(["Fennel the Fox"]);
    expect(await names(guest, "/characters?q=%22OR%20*%20NEAR(")).toEqual([]);
  });

  it("filter by every selected tag; unknown tags are ignored", async () => {
    const guest = new Client();
    expect(await names(guest, "/characters?tag=Male")).toEqual(["Brutus Ironhide", "Fennel the Fox"]);
    expect(await names(guest, "/characters?tag=Male&tag=Dark")).toEqual(["Brutus Ironhide"]);
    expect(await names(guest, "/characters?tag=Male&tag=NotATag")).toEqual(["Brutus Ironhide", "Fennel the Fox"]);
  });

  it("cards list tags alphabetically without RolePlay", async () => {
    const html = await (await new Client().fetch("/characters?q=aria")).text();
    const card = html.slice(html.indexOf("Aria Moonwhisper"));
    expect(card.indexOf(">Female<")).toBeLessThan(card.indexOf(">Wholesome<"));
    expect(card).not.toContain(">RolePlay<");
  });

  it("never show characters with a tag the user excluded, and blur NSFW thumbnails under Safe Images", async () => {
    const client = await signedIn("picky@example.com");
    await putJson(client, "/api/profile/tags", { tags: ["Dark"] });
    expect(await names(client, "/characters")).toEqual(["Aria Moonwhisper", "Fennel the Fox"]);
    let html = await (await client.fetch("/characters")).text();
    expect(html).not.toContain("data-blurred");
    await client.postJson("/api/preference", { key: "showNsfwThumbnails", value: false });
    html = await (await client.fetch("/characters")).text();
    expect(html.match(/data-blurred="true"/g)?.length).toBe(1);
  });

  it("private lists my unpublished characters; favorite lists my favourites", async () => {
    const client = await signedIn("owner-lists@example.com");
    const { user } = (await (await client.fetch("/api/me")).json()) as any;
    await character("cat0000000000004", "My Secret Draft", { userId: user.id, isPublic: false });
    const other = await insertUser({ email: "other-drafts@example.com" });
    await character("cat0000000000005", "Someone Else's Draft", { userId: other, isPublic: false });
    expect(await names(client, "/characters/private")).toEqual(["My Secret Draft"]);
    expect(await names(client, "/characters")).not.toContain("My Secret Draft");
    await client.fetch("/api/characters/cat0000000000002/favorite", { method: "POST", headers: { origin: "http://127.0.0.1" } });
    expect(await names(client, "/characters/favorite")).toEqual(["Brutus Ironhide"]);
    expect((await new Client().fetch("/characters/favorite")).status).toBe(302);
  });
});

describe("category pages", () => {
  it("have their own title, keywords, description and canonical link, and list only that tag", async () => {
    const response = await new Client().fetch("/characters/tags/furry");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Furry[^<]*\| Reverie<\/title>/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);
    expect(html).toMatch(/<meta name="description" content="[^"]{100,}"/);
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1/characters/tags/furry"/>');
    expect(await names(new Client(), "/characters/tags/furry")).toEqual(["Fennel the Fox"]);
    expect((await new Client().fetch("/characters/tags/not-a-tag")).status).toBe(404);
    expect((await new Client().fetch("/characters/tags/Furry")).status).toBe(404);
  });

  it("sitemap.xml lists category pages and public characters; robots.txt points at it", async () => {
    const xml = await (await new Client().fetch("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://127.0.0.1/characters/tags/milf-dilf</loc>");
    expect(xml).toContain("<loc>http://127.0.0.1/characters/chat/cat0000000000001</loc>");
    expect((xml.match(/\/characters\/tags\//g) ?? []).length).toBe(34);
    const robots = await (await new Client().fetch("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://127.0.0.1/sitemap.xml");
  });
});
