import { beforeAll, describe, expect, it } from "vitest";
import { Client, putJson, signedIn } from "../support/client";
import { insertCharacter, insertTags, insertUser } from "../support/fixtures";

const TAGS = ["Female", "Male", "Furry", "Dark", "Wholesome", "RolePlay"];

const names = async (client: Client, path: string) => {
  const html = await (await client.fetch(path)).text();
  // Each character card names its character in its one h3.
  return [...html.matchAll(/data-testid="character-card".*?<h3[^>]*>([^<]+)<\/h3>/gs)].map((m) => m[1]);
};

beforeAll(async () => {
  await insertTags(TAGS, ["Violence"]);
  await insertCharacter({
    id: "cat0000000000001",
    name: "Aria Moonwhisper",
    description: "A gentle harpist of the northern isles.",
    points: 300,
    upvotes: 5,
    tags: ["Female", "Wholesome", "RolePlay"],
    releaseDate: new Date(1000),
  });
  await insertCharacter({
    id: "cat0000000000002",
    name: "Brutus Ironhide",
    description: "A grim mercenary with a dark past.",
    points: 200,
    upvotes: 50,
    tags: ["Male", "Dark"],
    releaseDate: new Date(3000),
  });
  await insertCharacter({
    id: "cat0000000000003",
    name: "Fennel the Fox",
    description: "A curious fox merchant.",
    points: 100,
    upvotes: 20,
    tags: ["Furry", "Male"],
    releaseDate: new Date(2000),
    isNsfwThumbnail: true,
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

  it("a page past the end says so and links to the last page, instead of claiming there are no characters", async () => {
    const html = await (await new Client().fetch("/characters?tag=Male&page=99")).text();
    expect(html).toContain("Page <!-- -->99<!-- --> is past the end: the last page is <!-- -->1<!-- -->.");
    expect(html).toMatch(/href="\/characters\?tag=Male&amp;page=1"[^>]*>Go to page <!-- -->1/);
    expect(html).not.toContain("No characters here yet.");
    expect(html).not.toContain('aria-label="Pages"');
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
    await insertCharacter({ id: "cat0000000000004", name: "My Secret Draft", userId: user.id, isPublic: false });
    const other = await insertUser({ email: "other-drafts@example.com" });
    await insertCharacter({ id: "cat0000000000005", name: "Someone Else's Draft", userId: other, isPublic: false });
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

  it("a character's chat page has its own title and the description search engines show", async () => {
    const html = await (await new Client().fetch("/characters/chat/cat0000000000001")).text();
    expect(html).toContain("<title>Chat with Aria Moonwhisper | Reverie</title>");
    expect(html).toContain('<meta name="description" content="Chat with Aria Moonwhisper, an AI character on Reverie. For adults 18+."/>');
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
