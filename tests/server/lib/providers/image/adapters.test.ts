import { describe, expect, it } from "vitest";
import { a1111Images } from "~/lib/providers/image/a1111.server";
import { openAiImages } from "~/lib/providers/image/openai.server";
import { IMAGE_MESSAGES } from "~/spec/images";

const FAKE = "http://127.0.0.1:8796";
const last = async () => (await (await fetch(`${FAKE}/last-request`)).json()) as any;
const request = { prompt: "a lighthouse at dawn", negativePrompt: "blurry", model: "anime" as const, width: 512, height: 768, seed: 1234 };
const size = (png: Uint8Array) => [new DataView(png.buffer, png.byteOffset).getUint32(16), new DataView(png.buffer, png.byteOffset).getUint32(20)];

const adapters = {
  a1111: (timeoutMs = 5000, baseUrl = FAKE) =>
    a1111Images({ baseUrl, models: { anime: "animagine-xl", realistic: "juggernaut-xl" }, timeoutMs, apiKey: "sd-key" }),
  openai: (timeoutMs = 5000, baseUrl = `${FAKE}/v1`) => openAiImages({ baseUrl, models: { anime: "anime-model" }, timeoutMs }),
};

describe("the image adapters, against a local server speaking each protocol", () => {
  it("a1111 posts the exact txt2img body, with the checkpoint for the model, and returns the PNG", async () => {
    const picture = await adapters.a1111().generate(request);
    expect((await last()).a1111).toEqual({
      body: {
        prompt: "a lighthouse at dawn",
        negative_prompt: "blurry",
        steps: 28,
        cfg_scale: 7,
        sampler_name: "DPM++ 2M",
        seed: 1234,
        width: 512,
        height: 768,
        override_settings: { sd_model_checkpoint: "animagine-xl" },
      },
      headers: { authorization: "Bearer sd-key" },
    });
    expect(picture.contentType).toBe("image/png");
    expect(size(picture.bytes)).toEqual([512, 768]);
  });

  it("openai posts b64_json with the size and no negative prompt, and returns the PNG", async () => {
    const picture = await adapters.openai().generate(request);
    expect((await last()).openai.body).toEqual({ model: "anime-model", prompt: "a lighthouse at dawn", n: 1, size: "512x768", response_format: "b64_json" });
    expect(size(picture.bytes)).toEqual([512, 768]);
  });

  for (const name of ["a1111", "openai"] as const) {
    it(`${name}: a 500, a timeout, a broken body, a body that is not a picture and an unreachable server each fail with a readable message`, async () => {
      const run = (prompt: string, timeoutMs?: number, baseUrl?: string) => adapters[name](timeoutMs, baseUrl).generate({ ...request, prompt });
      await expect(run("[[500]]")).rejects.toThrow(IMAGE_MESSAGES.serverAnswered(500));
      await expect(run("[[slow]]", 300)).rejects.toThrow(IMAGE_MESSAGES.serverTimeout);
      await expect(run("[[broken]]")).rejects.toThrow(IMAGE_MESSAGES.serverBroken);
      await expect(run("[[notimage]]")).rejects.toThrow(IMAGE_MESSAGES.serverBroken);
      await expect(run("a cat", 5000, "http://127.0.0.1:9")).rejects.toThrow(IMAGE_MESSAGES.serverUnreachable);
    });
  }
});
