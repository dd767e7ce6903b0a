import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { generatedImages } from "~/db/schema";
import { getConfig } from "~/lib/config.server";
import { signedMediaPath } from "~/lib/http/media.server";
import { Client, meId, putJson, signedIn } from "../../support/client";
import { insertCharacter, testDb } from "../../support/fixtures";
import { pngWith } from "../../support/png";

/**
 * Private files stay private (issue 22): /media/* serves a file to whoever may see it, with caching
 * that fits. Before, every object answered everyone with `public, max-age=31536000, immutable`.
 */
let owner: Client;
let ownerId: string;
let stranger: Client;
const png = pngWith({}) as Uint8Array<ArrayBuffer>;

async function stored(key: string) {
  await env.MEDIA.put(key, png, { httpMetadata: { contentType: "image/png" } });
  return `/media/${key}`;
}

beforeAll(async () => {
  owner = await signedIn("files-owner@example.com");
  ownerId = await meId(owner);
  stranger = await signedIn("files-stranger@example.com");
});

describe("a private character's files", () => {
  it("reach only the owner (and moderators), never cached; once public, everyone, cached for a year", async () => {
    const id = await insertCharacter({ userId: ownerId, name: "Kept", isPublic: false });
    const thumbnail = await stored(`thumbnails/${id}-abc.png`);
    const voice = await stored(`voices/${id}-abc.mp3`);
    for (const path of [thumbnail, voice]) {
      const own = await owner.fetch(path);
      expect(own.status, path).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect((await stranger.fetch(path)).status, path).toBe(404);
      expect((await new Client().fetch(path)).status, path).toBe(404);
    }
    expect((await putJson(owner, `/api/characters/${id}/publish`, { isPublic: true })).status).toBe(200);
    const open = await new Client().fetch(thumbnail);
    expect(open.status).toBe(200);
    expect(open.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("a server we call gets a short-lived signed address instead (a speech server fetching a private voice sample)", async () => {
    const id = await insertCharacter({ userId: ownerId, name: "Voiced", isPublic: false });
    const key = `voices/${id}-sample.mp3`;
    await stored(key);
    const signed = await signedMediaPath(getConfig(env).sessionSecret, key);
    expect((await new Client().fetch(signed)).status).toBe(200);
    expect((await new Client().fetch(signed.replace(/s=[0-9a-f]+/, "s=" + "0".repeat(64)))).status).toBe(404);
    const expired = await signedMediaPath(getConfig(env).sessionSecret, key, Date.now() - 11 * 60 * 1000);
    expect((await new Client().fetch(expired)).status).toBe(404);
  });
});

describe("pictures", () => {
  it("an unshared picture is its maker's; a shared one is anyone's but never kept stale; unsharing or deleting stops its address", async () => {
    const url = await stored("images/filespicture0001.png");
    await testDb()
      .insert(generatedImages)
      .values({ id: "filespicture0001", userId: ownerId, prompt: "a lighthouse", model: "anime", r2Key: "images/filespicture0001.png" });
    const own = await owner.fetch(url);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await stranger.fetch(url)).status).toBe(404);

    await putJson(owner, "/api/images/filespicture0001", { shared: true }, "PATCH");
    const shared = await new Client().fetch(url);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("public, no-cache");
    await putJson(owner, "/api/images/filespicture0001", { shared: false }, "PATCH");
    expect((await new Client().fetch(url)).status).toBe(404);
    await putJson(owner, "/api/images/filespicture0001", { shared: true }, "PATCH");
    await putJson(owner, "/api/images/filespicture0001", {}, "DELETE");
    expect((await new Client().fetch(url)).status).toBe(404);
    expect((await owner.fetch(url)).status).toBe(404);
  });
});

describe("speech and announcements", () => {
  it("speech is only its listener's; announcement pictures are everyone's", async () => {
    const speech = await stored(`speech/${ownerId}-${"a".repeat(64)}`);
    expect((await owner.fetch(speech)).status).toBe(200);
    expect((await stranger.fetch(speech)).status).toBe(404);
    const news = await stored("announcements/filesnews00000001.png");
    const answer = await new Client().fetch(news);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
