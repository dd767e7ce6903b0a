// A DiceBear figure (styles and licences in PORTRAIT_CREDITS of scripts/demo/portrait.mjs) for a
// character or a prompt: the style follows what they are, the options how they look. Shared by the
// demo portraits (Node, at seed time) and the offline picture backend, so it uses only erasable TypeScript.
import { createAvatar } from "@dicebear/core";
import * as bigEars from "@dicebear/big-ears";
import * as bottts from "@dicebear/bottts";
import * as lorelei from "@dicebear/lorelei";
import * as micah from "@dicebear/micah";
import * as personas from "@dicebear/personas";
import { pick, type Rnd } from "./scene-art.ts";

// Hair cuts per style, split by presentation (chosen from contact sheets of each style).
type LoreleiHair = NonNullable<lorelei.Options["hair"]>;
const variants = (numbers: number[]) => numbers.map((n) => `variant${String(n).padStart(2, "0")}`) as LoreleiHair;
const LORELEI_LONG = variants([10, 13, 14, 15, 16, 17, 18, 19, 21, 23, 24, 29, 30, 31, 32, 33, 35, 37, 40, 41, 42, 45]);
const LORELEI_SHORT = variants([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 20, 22, 25, 27, 28, 36, 39, 43, 44, 47]);
const MICAH_LONG: micah.Options["hair"] = ["full", "pixie", "dannyPhantom"];
const MICAH_SHORT: micah.Options["hair"] = ["fonze", "mrT", "dougFunny", "mrClean", "dannyPhantom"];
const PERSONAS_LONG: personas.Options["hair"] = ["long", "sideShave", "bobCut", "curly", "curlyBun", "bobBangs", "straightBun", "extraLong", "bunUndercut"];
const PERSONAS_SHORT: personas.Options["hair"] = ["shortCombover", "curlyHighTop", "buzzcut", "bald", "balding", "fade", "mohawk", "shortComboverChops"];
// Adult faces only: no pacifier, no pigtails.
const PERSONAS_MOUTHS: personas.Options["mouth"] = ["smile", "frown", "surprise", "bigSmile", "smirk", "lips"];

export type FigureLook = { hairColor: string; skinColor: string; beard: boolean; glasses: boolean };
export type Figure = { seed: string; kind: string; pronouns: string; look: FigureLook };

/** The DiceBear avatar for a character: the style follows what they are, the options how they look. */
export function avatarSvg({ seed, kind, pronouns, look }: Figure, rnd: Rnd) {
  const hair = [look.hairColor];
  const skin = [look.skinColor];
  const feminine = pronouns === "she" || (pronouns === "they" && rnd() < 0.5);
  if (kind === "robot") return createAvatar(bottts, { seed, baseColor: [look.skinColor] }).toString();
  if (kind === "beast" || kind === "monster") return createAvatar(bigEars, { seed, skinColor: skin, hairColor: hair }).toString();
  const style = pick(rnd, feminine ? ["lorelei", "lorelei", "micah", "personas"] : ["micah", "personas", "lorelei"]);
  if (style === "lorelei")
    return createAvatar(lorelei, {
      seed,
      hair: feminine ? LORELEI_LONG : LORELEI_SHORT,
      hairColor: hair,
      skinColor: skin,
      beardProbability: look.beard ? 100 : 0,
      glassesProbability: look.glasses ? 100 : 0,
      earringsProbability: feminine ? 40 : 5,
      frecklesProbability: 15,
      hairAccessoriesProbability: feminine ? 20 : 0,
    }).toString();
  if (style === "micah")
    return createAvatar(micah, {
      seed,
      hair: feminine ? MICAH_LONG : MICAH_SHORT,
      hairColor: hair,
      baseColor: skin,
      facialHairProbability: look.beard ? 100 : 0,
      glassesProbability: look.glasses ? 100 : 0,
      // Micah's round eyes only read well behind glasses.
      eyes: look.glasses ? ["round", "eyes", "smiling"] : ["eyes", "eyesShadow", "smiling", "smilingShadow"],
      earringsProbability: feminine ? 50 : 0,
    }).toString();
  return createAvatar(personas, {
    seed,
    hair: feminine ? PERSONAS_LONG : PERSONAS_SHORT,
    hairColor: hair,
    skinColor: skin,
    mouth: PERSONAS_MOUTHS,
    facialHairProbability: look.beard ? 100 : 0,
  }).toString();
}
