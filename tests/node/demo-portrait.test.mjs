// The demo seed's portraits (scripts/demo/portrait.mjs): JPEGs the size cards show, light enough that
// a catalog page's pictures stay a small share of its first load (issue 28, decision 077), and
// deterministic, so reseeding draws the same picture.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import sharp from "sharp";
import { renderPortrait } from "../../scripts/demo/portrait.mjs";

const characters = JSON.parse(readFileSync("scripts/demo/characters.json", "utf8")).slice(0, 16);

describe("demo portraits", () => {
  it("are 384 px JPEGs, about 9 KiB on average (jpeg-js made 15.5 KiB)", async () => {
    let total = 0;
    for (const c of characters) {
      const bytes = await renderPortrait({ seed: c.slug, kind: c.kind, pronouns: c.pronouns, look: c.look, scene: c.scene });
      const { format, width, height } = await sharp(bytes).metadata();
      assert.deepEqual([format, width, height], ["jpeg", 384, 384], c.slug);
      assert.ok(bytes.length <= 20 * 1024, `${c.slug}: ${bytes.length} bytes`);
      total += bytes.length;
    }
    assert.ok(total / characters.length <= 11 * 1024, `average ${Math.round(total / characters.length)} bytes`);
  });

  it("draw the same picture for the same seed", async () => {
    const look = { seed: "same-seed", kind: "human", pronouns: "she", scene: "library" };
    assert.deepEqual(await renderPortrait(look), await renderPortrait(look));
  });
});
