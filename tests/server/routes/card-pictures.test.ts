/**
 * Card pictures through Cloudflare's image resizing (decision 057): with IMAGE_RESIZING=cloudflare a
 * card's stored picture comes with a srcset of resized WebP/AVIF widths; without it, only the stored
 * file. The default picture (nothing stored) never gets one.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../support/worker";
import { insertCharacter, insertTags } from "../support/fixtures";

async function page(path: string, resizing: "off" | "cloudflare") {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, "http://127.0.0.1"), { headers: { accept: "text/html", cookie: "reverie_age=adult" } });
  const response = await worker.fetch!(request as any, { ...env, IMAGE_RESIZING: resizing } as Env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return html;
}

/** The <img> of the card whose heading is `name`. */
const cardImage = (html: string, name: string) =>
  [...html.matchAll(/<article class="card".*?<img([^>]*)>.*?<h3[^>]*>([^<]+)<\/h3>/gs)].find((m) => m[2] === name)?.[1] ?? "";

beforeAll(async () => {
  await insertTags(["Female"]);
  await insertCharacter({ id: "pics000000000001", name: "Odile Marsh", tags: ["Female"], thumbnail: "thumbnails/pics000000000001.jpg" });
  await insertCharacter({ id: "pics000000000002", name: "Pell Corrin", tags: ["Female"], thumbnail: null });
});

describe("card pictures", () => {
  it("with image resizing on, a stored picture offers resized widths in the best format; the default picture does not", async () => {
    const html = await page("/characters?sort=newest", "cloudflare");
    const stored = cardImage(html, "Odile Marsh");
    expect(stored).toContain('src="/media/thumbnails/pics000000000001.jpg"');
    expect(stored).toContain(
      'srcSet="/cdn-cgi/image/width=256,fit=scale-down,format=auto/media/thumbnails/pics000000000001.jpg 256w, /cdn-cgi/image/width=384,fit=scale-down,format=auto/media/thumbnails/pics000000000001.jpg 384w, /cdn-cgi/image/width=512,fit=scale-down,format=auto/media/thumbnails/pics000000000001.jpg 512w"',
    );
    expect(stored).toContain('sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"');
    expect(cardImage(html, "Pell Corrin")).not.toContain("srcSet");
  });

  it("with image resizing off (the default here), cards show the stored file alone", async () => {
    const stored = cardImage(await page("/characters?sort=upvotes", "off"), "Odile Marsh");
    expect(stored).toContain('src="/media/thumbnails/pics000000000001.jpg"');
    expect(stored).not.toContain("srcSet");
  });
});
