// Demo portraits: a DiceBear avatar (styles and licences in PORTRAIT_CREDITS) on a scene that fits
// where the character lives, rendered with resvg and stored as JPEG: about 15 KiB at 384 px where the
// PNG was 29 KiB, for the same picture on a card (issue 28). Deterministic per seed, so reseeding
// draws the same picture.
import { Resvg } from "@resvg/resvg-js";
import jpeg from "jpeg-js";
import { avatarSvg } from "../../app/lib/images/figure.ts";
import { random, sceneSvg } from "../../app/lib/images/scene-art.ts";

export { SCENES } from "../../app/lib/images/scene-art.ts";

/** Shown on the FAQ and in the README: each style used, its author and licence. */
export const PORTRAIT_CREDITS = [
  { style: "Lorelei", author: "Lisa Wischofsky", licence: "CC0 1.0" },
  { style: "Avatar Illustration System (Micah)", author: "Micah Lanier", licence: "CC BY 4.0" },
  { style: "Personas", author: "Draftbit", licence: "CC BY 4.0" },
  { style: "Big Ears", author: "The Visual Team", licence: "CC BY 4.0" },
  { style: "Bottts", author: "Pablo Stanley", licence: "free for personal and commercial use" },
];

const toBase64 = (svg) => Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: 320 } }).render().asPng()).toString("base64");

/** JPEG quality of the stored portraits: no visible loss on a card, half the bytes of a PNG. */
const QUALITY = 82;

/**
 * A square JPEG portrait: `seed` (the character's slug), `kind` (human, robot, beast, monster),
 * `pronouns`, `look` ({ hairColor, skinColor, glasses, beard }) and `scene` (one of SCENES).
 */
export function renderPortrait({ seed, kind = "human", pronouns = "they", look = {}, scene = "sky", size = 384 }) {
  const rnd = random(seed);
  const fullLook = { hairColor: "4a312c", skinColor: "ecad80", glasses: false, beard: false, ...look };
  const avatar = toBase64(avatarSvg({ seed, kind, pronouns, look: fullLook }, rnd));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">${sceneSvg(scene, rnd)}<rect width="100" height="100" fill="#000" opacity="0.12"/><image x="9" y="14" width="82" height="86" preserveAspectRatio="xMidYMax meet" href="data:image/png;base64,${avatar}"/></svg>`;
  const image = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render();
  return jpeg.encode({ data: image.pixels, width: image.width, height: image.height }, QUALITY).data;
}
