import { avatarSvg } from "~/lib/providers/image/figure";
import { pick, random, SCENES, sceneSvg } from "~/lib/providers/image/scene-art";
import type { ImageRequest } from "./types";

/** Words that choose a scene (whole words, case-insensitive); the first scene named in the prompt wins. */
const SCENE_WORDS: Record<(typeof SCENES)[number], string[]> = {
  library: ["library", "books?", "study", "archive", "scholar"],
  forest: ["forest", "woods?", "trees?", "jungle", "elf", "elven"],
  "night-city": ["city", "street", "rooftop", "skyline", "downtown", "night"],
  tavern: ["tavern", "inn", "pub", "bar", "bartender", "ale"],
  starship: ["starship", "spaceship", "space", "galaxy", "stars?", "cockpit", "alien"],
  ocean: ["ocean", "sea", "waves?", "ship", "pirate", "sailor", "underwater", "mermaid"],
  desert: ["desert", "sand", "dunes?", "oasis"],
  snow: ["snow", "winter", "ice", "frozen", "arctic"],
  castle: ["castle", "throne", "king", "queen", "knight", "princess", "prince", "palace"],
  lab: ["lab", "laboratory", "scientist", "potions?", "alchemist"],
  beach: ["beach", "shore", "sunset", "summer", "bikini", "swimsuit"],
  cafe: ["cafe", "café", "coffee", "tea", "barista", "bakery"],
  "neon-alley": ["neon", "cyberpunk", "alley", "rain", "hacker"],
  garden: ["garden", "flowers?", "roses?", "meadow", "spring"],
  dungeon: ["dungeon", "prison", "cell", "chains", "torch"],
  sky: ["sky", "clouds?", "flying", "wings", "angel"],
  mountains: ["mountains?", "cliffs?", "peak", "hike"],
  temple: ["temple", "shrine", "monk", "priestess"],
  ruins: ["ruins?", "ancient", "adventurer"],
  village: ["village", "farm", "cottage", "countryside"],
  office: ["office", "desk", "boss", "ceo", "secretary", "corporate"],
  stage: ["stage", "concert", "singer", "idol", "theater", "theatre", "dancer"],
  graveyard: ["graveyard", "cemetery", "ghost", "vampire", "undead"],
  manor: ["manor", "mansion", "maid", "butler", "ballroom"],
};

const wordAt = (text: string, w: string) => text.search(new RegExp(`(^|[^\\p{L}])${w}($|[^\\p{L}])`, "iu"));
const has = (text: string, words: string[]) => words.some((w) => wordAt(text, w) >= 0);
/** Where the first of the words appears in the text (Infinity: none does). */
const firstAt = (text: string, words: string[]) => Math.min(...words.map((w) => wordAt(text, w)).map((i) => (i < 0 ? Infinity : i)));

const HAIR: [string[], string][] = [
  [["blonde?", "golden hair"], "e6c36a"],
  [["red hair", "redhead", "ginger", "auburn"], "b0452a"],
  [["black hair", "raven"], "1d1a1c"],
  [["silver hair", "white hair", "grey hair", "gray hair"], "d8d8e0"],
  [["blue hair"], "3a6ad8"],
  [["pink hair"], "f08ac0"],
  [["green hair"], "3a9a5a"],
  [["purple hair", "violet hair"], "7a4ab0"],
  [["brown hair", "brunette"], "5a3a26"],
];
const SKIN: [string[], string][] = [
  [["pale", "fair skin"], "f5d3b8"],
  [["tan", "tanned"], "c98a5a"],
  [["dark skin", "dark-skinned", "ebony"], "7a4a2e"],
];

/**
 * The offline painter's picture for a prompt, as SVG: the scene its words name (else one chosen by
 * the seed), a figure that follows the people words (kind, pronouns, hair, glasses, beard), and a
 * finish for the model (anime: bright and flat; realistic: light, vignette and grain). Words in the
 * negative prompt take a scene or the figure out.
 */
export function offlineSceneSvg(request: ImageRequest) {
  const text = request.prompt;
  const negative = request.negativePrompt;
  const rnd = random(`${request.seed}:${text}`);
  const allowed = SCENES.filter((s) => !has(negative, SCENE_WORDS[s]));
  const named = allowed.filter((s) => has(text, SCENE_WORDS[s])).sort((a, b) => firstAt(text, SCENE_WORDS[a]) - firstAt(text, SCENE_WORDS[b]));
  const scene = named[0] ?? pick(rnd, allowed.length ? allowed : SCENES);
  const nobody =
    has(text, ["landscape", "scenery", "no people", "nobody", "empty", "background"]) ||
    has(negative, ["people", "person", "humans?", "figures?", "characters?"]);
  const kind = has(text, ["robot", "android", "cyborg", "mecha"])
    ? "robot"
    : has(text, ["wolf", "cat", "fox", "furry", "beast", "werewolf", "kemonomimi"])
      ? "beast"
      : has(text, ["monster", "demon", "dragon", "orc", "goblin"])
        ? "monster"
        : "human";
  const pronouns = has(text, ["woman", "women", "girl", "she", "her", "female", "lady", "queen", "princess", "maid", "witch", "priestess", "mermaid"])
    ? "she"
    : has(text, ["man", "men", "boy", "he", "him", "male", "guy", "king", "prince", "butler", "knight"])
      ? "he"
      : "they";
  // A known character (a chat picture) keeps one face and one look in every picture (issue 24): they
  // come from who it is, not from this picture's seed; the scene and the finish still vary.
  const face = request.subject ? `subject:${request.subject}` : `${request.seed}:${text}`;
  const looks = request.subject ? random(`${face}:look`) : rnd;
  const look = {
    hairColor: HAIR.find(([w]) => has(text, w))?.[1] ?? pick(looks, ["2a1c18", "5a3a26", "b0452a", "e6c36a", "1d1a1c"]),
    skinColor: SKIN.find(([w]) => has(text, w))?.[1] ?? pick(looks, ["f5d3b8", "ecad80", "d08b5b", "ae5d29", "614335"]),
    glasses: has(text, ["glasses", "spectacles"]),
    beard: has(text, ["beard", "bearded"]),
  };
  const { width, height } = request;
  // The 100x100 scene covers the whole picture; wide and tall sizes show its middle, and the figure stands in what shows.
  const box =
    width >= height
      ? { x: 0, y: 50 - (50 * height) / width, w: 100, h: (100 * height) / width }
      : { x: 50 - (50 * width) / height, y: 0, w: (100 * width) / height, h: 100 };
  const figureHeight = box.h * 0.86;
  const figure = nobody
    ? ""
    : `<image x="${box.x}" y="${box.y + box.h - figureHeight}" width="${box.w}" height="${figureHeight}" preserveAspectRatio="xMidYMax meet" href="data:image/svg+xml;base64,${utf8Base64(avatarSvg({ seed: face, kind, pronouns, look }, request.subject ? random(`${face}:figure`) : rnd))}"/>`;
  const finish =
    request.model === "realistic"
      ? `<defs><radialGradient id="light" cx="0.35" cy="0.25" r="0.9"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.28"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient><filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="1.6" numOctaves="2" seed="${request.seed % 1000}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.12"/></feComponentTransfer></filter></defs><rect width="100" height="100" fill="url(#light)"/><rect width="100" height="100" filter="url(#grain)"/>`
      : `<rect width="100" height="100" fill="#ff9ad5" opacity="0.08"/>${sparkles(rnd)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${box.x} ${box.y} ${box.w} ${box.h}">${sceneSvg(scene, rnd)}<rect width="100" height="100" fill="#000" opacity="0.1"/>${figure}${finish}</svg>`;
}

const sparkles = (rnd: () => number) =>
  Array.from(
    { length: 7 },
    () =>
      `<path transform="translate(${(rnd() * 100).toFixed(1)} ${(rnd() * 60).toFixed(1)}) scale(${(0.6 + rnd()).toFixed(2)})" d="M0 -2 L0.5 -0.5 L2 0 L0.5 0.5 L0 2 L-0.5 0.5 L-2 0 L-0.5 -0.5Z" fill="#fff" opacity="0.75"/>`,
  ).join("");

/** Base64 of a text's UTF-8 bytes (DiceBear's SVG carries non-Latin-1 characters in its metadata). */
function utf8Base64(text: string) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
