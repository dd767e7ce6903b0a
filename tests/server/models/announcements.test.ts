import { env } from "cloudflare:workers";
import { encode as encodePng } from "fast-png";
import { beforeAll, describe, expect, it } from "vitest";
import { withEmoji } from "~/components/news/news-markdown";
import { ANNOUNCEMENT_MESSAGES } from "~/spec/moderation";
import { signedIn, type Client } from "../support/client";

const ORIGIN = "http://127.0.0.1";
const png = () => encodePng({ width: 4, height: 3, data: new Uint8Array(48).fill(120), channels: 4 }) as Uint8Array<ArrayBuffer>;

let moderator: Client;

async function upload(client: Client, bytes: Uint8Array<ArrayBuffer>, name = "news.png") {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  return await client.fetch("/api/mods/announcements/images", { method: "POST", body: form, headers: { origin: ORIGIN } });
}
const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { origin: ORIGIN, "content-type": "application/json" } });

beforeAll(async () => {
  moderator = await signedIn("news-mod@example.com");
  await env.DB.prepare("UPDATE users SET is_moderator = 1 WHERE email = 'news-mod@example.com'").run();
});

describe("announcements", () => {
  it("a moderator publishes one with two pictures, a spoiler and an emoji; the News page shows them, and its CSP allows only that CDN", async () => {
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await upload(moderator, png());
      expect(response.status).toBe(201);
      urls.push(((await response.json()) as { url: string }).url);
    }
    const created = await send(moderator, "POST", "/api/mods/announcements", {
      title: "Spring update",
      link: "/story",
      content: ["Big news: `Story Mode is live` <:reverie:123456789012345678>", "", "More soon."],
      images: urls,
    });
    expect(created.status).toBe(201);
    const page = await (await signedIn("news-reader@example.com")).fetch("/news-updates", { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(html).toContain('id="Spring update"');
    expect(html).toContain('href="/story"');
    expect(html).toContain('data-testid="spoiler"');
    expect(html).toContain('src="https://cdn.discordapp.com/emojis/123456789012345678.png" alt="reverie"');
    for (const url of urls) expect(html).toContain(url);
    expect(page.headers.get("content-security-policy")).toContain("img-src 'self' data: blob: https://cdn.discordapp.com/emojis/;");
    expect((await moderator.fetch(urls[0])).headers.get("content-type")).toBe("image/png");
  });

  it("refuses a title in use (409), a javascript: link, pictures not uploaded here, no paragraphs, and a file that is not a picture", async () => {
    const base = { title: "Spring update", content: ["Again."] };
    expect((await send(moderator, "POST", "/api/mods/announcements", base)).status).toBe(409);
    const bad = [
      { ...base, title: "Links", link: "javascript:alert(1)" },
      { ...base, title: "Elsewhere", images: ["https://example.com/x.png"] },
      { ...base, title: "Empty", content: ["", "  "] },
    ];
    for (const body of bad) expect((await send(moderator, "POST", "/api/mods/announcements", body)).status, JSON.stringify(body)).toBe(400);
    const notPicture = await upload(moderator, new TextEncoder().encode("<svg onload=alert(1)>") as Uint8Array<ArrayBuffer>, "x.png");
    expect(notPicture.status).toBe(400);
  });

  it("editing drops a picture from R2; deleting removes the rest; both are in the moderation log", async () => {
    const first = ((await (await upload(moderator, png())).json()) as { url: string }).url;
    const second = ((await (await upload(moderator, png())).json()) as { url: string }).url;
    const { id } = (await (await send(moderator, "POST", "/api/mods/announcements", { title: "To edit", content: ["x"], images: [first, second] })).json()) as {
      id: string;
    };
    expect((await send(moderator, "PUT", `/api/mods/announcements/${id}`, { title: "Edited", content: ["y"], images: [second] })).status).toBe(200);
    await expect.poll(async () => await env.MEDIA.head(first.replace("/media/", ""))).toBeNull();
    expect(await env.MEDIA.head(second.replace("/media/", ""))).not.toBeNull();
    expect((await send(moderator, "DELETE", `/api/mods/announcements/${id}`)).status).toBe(200);
    await expect.poll(async () => await env.MEDIA.head(second.replace("/media/", ""))).toBeNull();
    const gone = await send(moderator, "DELETE", `/api/mods/announcements/${id}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe(ANNOUNCEMENT_MESSAGES.notFound);
    const actions = (await env.DB.prepare("SELECT action FROM moderation_log WHERE target_id = ? ORDER BY rowid").bind(id).all<{ action: string }>()).results;
    expect(actions.map((a) => a.action)).toEqual(["announcement.create", "announcement.edit", "announcement.delete"]);
  });

  it("a FREE user can do none of it", async () => {
    const free = await signedIn("news-free@example.com");
    expect((await upload(free, png())).status).toBe(403);
    expect((await send(free, "POST", "/api/mods/announcements", { title: "Mine", content: ["x"] })).status).toBe(403);
  });
});

describe("custom emoji", () => {
  it("become images from the CDN: gif when animated, png otherwise, named by their alt text", () => {
    expect(withEmoji("Hi <:wave:123456789012345678> and <a:party:876543210987654321>!")).toBe(
      "Hi ![wave](https://cdn.discordapp.com/emojis/123456789012345678.png) and ![party](https://cdn.discordapp.com/emojis/876543210987654321.gif)!",
    );
    expect(withEmoji("<:bad name:1>")).toBe("<:bad name:1>");
  });
});
