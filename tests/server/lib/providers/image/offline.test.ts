import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { offlineImages, type Painter } from "~/lib/providers/image/offline.server";
import { offlineSceneSvg } from "~/lib/providers/image/offline-scene";

const request = {
  prompt: "a woman with red hair and glasses reading in a library",
  negativePrompt: "",
  model: "anime" as const,
  width: 512,
  height: 768,
  seed: 42,
};

/** Width and height from a PNG's IHDR chunk. */
const size = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

/** The painter's own Worker, through the binding the image job uses (decision 055). */
const painter = env.PAINTER as unknown as Painter;

describe("the offline painter", () => {
  it("draws a real PNG of the asked size", async () => {
    const picture = await offlineImages(painter).generate(request);
    expect(picture.contentType).toBe("image/png");
    expect([...picture.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(size(picture.bytes)).toEqual({ width: 512, height: 768 });
    expect(picture.bytes.length).toBeGreaterThan(5000);
  });

  it("draws the same picture for the same seed and a different one for another seed or model", async () => {
    const images = offlineImages(painter);
    const a = await images.generate(request);
    const again = await images.generate(request);
    const otherSeed = await images.generate({ ...request, seed: 43 });
    const realistic = await images.generate({ ...request, model: "realistic" });
    expect(again.bytes).toEqual(a.bytes);
    expect(otherSeed.bytes).not.toEqual(a.bytes);
    expect(realistic.bytes).not.toEqual(a.bytes);
  });

  it("follows the prompt's words: the scene, a figure, and what the negative prompt takes out", () => {
    const library = offlineSceneSvg(request);
    expect(library).toContain("#5a3a22"); // the library's shelves
    expect(library).toContain("data:image/svg+xml");
    expect(offlineSceneSvg({ ...request, prompt: "an empty beach at sunset, landscape" })).not.toContain("data:image/svg+xml");
    expect(offlineSceneSvg({ ...request, negativePrompt: "people" })).not.toContain("data:image/svg+xml");
    expect(offlineSceneSvg({ ...request, prompt: "a quiet library", negativePrompt: "library, books" })).not.toContain("#5a3a22");
  });

  it("draws a known character with the same face in every picture, and another character with another (issue 24)", () => {
    const figure = (svg: string) => svg.match(/href="data:image\/svg\+xml;base64,([^"]+)"/)?.[1];
    const liesl = { ...request, prompt: "a woman with spectacles on a library ladder", subject: "lieslpenwright01" };
    const first = offlineSceneSvg({ ...liesl, seed: 1 });
    const second = offlineSceneSvg({ ...liesl, prompt: "a woman with spectacles laughing by the fire at night", seed: 2 });
    expect(figure(first)).toBeTruthy();
    expect(figure(second)).toBe(figure(first));
    // The scenes still differ: the same person, somewhere else.
    expect(second).not.toBe(first);
    expect(figure(offlineSceneSvg({ ...liesl, subject: "kestrelunitk7000", seed: 1 }))).not.toBe(figure(first));
    // A playground picture (no subject) gets a new face with a new seed, as before.
    expect(figure(offlineSceneSvg({ ...request, seed: 1 }))).not.toBe(figure(offlineSceneSvg({ ...request, seed: 2 })));
  });
});
