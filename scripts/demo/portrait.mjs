// Demo portraits: a DiceBear avatar (styles and licences in PORTRAIT_CREDITS) on a scene that fits
// where the character lives, rendered with resvg and stored as JPEG, encoded by sharp with mozjpeg's
// settings: about 9 KiB at 384 px, where jpeg-js made 15.5 KiB and a PNG 29 KiB, for the same picture
// on a card (issue 28, decision 077). The card download still turns it into a PNG. Deterministic per
// seed, so reseeding draws the same picture.
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { avatarSvg } from "../../app/lib/providers/image/figure.ts";
import { random, sceneSvg } from "../../app/lib/providers/image/scene-art.ts";

export { SCENES } from "../../app/lib/providers/image/scene-art.ts";

/** Shown on the FAQ and in the README: each style used, its author and licence. */
export const PORTRAIT_CREDITS = [
  { style: "Lorelei", author: "Lisa Wischofsky", licence: "CC0 1.0" },
  { style: "Avatar Illustration System (Micah)", author: "Micah Lanier", licence: "CC BY 4.0" },
  { style: "Personas", author: "Draftbit", licence: "CC BY 4.0" },
  { style: "Big Ears", author: "The Visual Team", licence: "CC BY 4.0" },
  { style: "Bottts", author: "Pablo Stanley", licence: "free for personal and commercial use" },
];

const toBase64 = (svg) => Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: 320 } }).render().asPng()).toString("base64");

/** JPEG quality of the stored portraits (mozjpeg's scale): no visible loss on a card at 2x. */
const QUALITY = 80;

/**
 * A square JPEG portrait, as a promise of its bytes: `seed` (the character's slug), `kind` (human, robot, beast, monster),
 * `pronouns`, `look` ({ hairColor, skinColor, glasses, beard }) and `scene` (one of SCENES).
 */
export async function renderPortrait({ seed, kind = "human", pronouns = "they", look = {}, scene = "sky", size = 384 }) {
  const rnd = random(seed);
  const fullLook = { hairColor: "4a312c", skinColor: "ecad80", glasses: false, beard: false, ...look };
  const avatar = toBase64(avatarSvg({ seed, kind, pronouns, look: fullLook }, rnd));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">${sceneSvg(scene, rnd)}<rect width="100" height="100" fill="#000" opacity="0.12"/><image x="9" y="14" width="82" height="86" preserveAspectRatio="xMidYMax meet" href="data:image/png;base64,${avatar}"/></svg>`;
  const image = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render();
  const raw = { width: image.width, height: image.height, channels: 4 };
  return sharp(Buffer.from(image.pixels), { raw }).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
}
