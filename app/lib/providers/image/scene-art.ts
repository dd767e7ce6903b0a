// Scenes drawn as SVG on a 100x100 grid: a sky or wall gradient, then what makes the place. Shared by
// the demo portraits (scripts/demo/portrait.mjs, at seed time) and the offline picture backend (in
// the Worker), so it is TypeScript with only erasable syntax: Node (22, stripping types) and the Worker bundle both import it.
export const SCENES = [
  "library",
  "forest",
  "night-city",
  "tavern",
  "starship",
  "ocean",
  "desert",
  "snow",
  "castle",
  "lab",
  "beach",
  "cafe",
  "neon-alley",
  "garden",
  "dungeon",
  "sky",
  "mountains",
  "temple",
  "ruins",
  "village",
  "office",
  "stage",
  "graveyard",
  "manor",
] as const;
export type Scene = (typeof SCENES)[number];
/** A seeded random number in [0, 1). */
export type Rnd = () => number;

/** A small seeded generator (mulberry32): the same seed text always draws the same picture. */
export function random(seedText: string): Rnd {
  let h = 1779033703;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
export const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("");

const SCENE_ART: Record<Scene, { sky: [string, string]; art: (r: Rnd) => string }> = {
  library: { sky: ["3a2418", "1e120c"], art: (r) => range(4, (i) => shelf(i * 25, r)) },
  forest: { sky: ["27452f", "0f1f15"], art: (r) => range(9, (i) => tree(i * 12 + r() * 6 - 3, 55 + r() * 20, 10 + r() * 6, "173022")) },
  "night-city": { sky: ["1b1f45", "0b0d1f"], art: (r) => stars(r, 14) + skyline(r, "11132b", "f6d36b") },
  tavern: { sky: ["5a3216", "2a160a"], art: (r) => lanterns(r, "ffb347") + beams("3a1f0d") },
  starship: {
    sky: ["0c1530", "050914"],
    art: (r) =>
      stars(r, 30) +
      `<rect x="0" y="70" width="100" height="30" fill="#1c2a4a"/>` +
      range(5, (i) => `<rect x="${i * 21 + 3}" y="74" width="14" height="3" fill="#4fd1c5" opacity="0.7"/>`),
  },
  ocean: { sky: ["2b6a8f", "0e2f4a"], art: (r) => range(5, (i) => wave(62 + i * 8, r, ["3d8bb5", "2f7aa3", "24678c", "1b5474", "13425c"][i])) },
  desert: { sky: ["f2a65a", "b8573a"], art: (r) => `<circle cx="${20 + r() * 60}" cy="24" r="9" fill="#ffe3a3"/>` + dune(68, "d98b4f") + dune(80, "c0723d") },
  snow: { sky: ["9fb8d6", "4e6a8f"], art: (r) => mountains(r, "e8eef6", 3) + flakes(r, 40) },
  castle: { sky: ["3b2a55", "1b1230"], art: (r) => stars(r, 10) + `<circle cx="80" cy="18" r="7" fill="#f3ecd2"/>` + castle("120c1f") },
  lab: { sky: ["1f3b3a", "0d1c1b"], art: (r) => range(6, (i) => flask(i * 17 + 4, 60 + r() * 12, pick(r, ["7cf5c4", "f57cc8", "7cb8f5", "f5e27c"]))) },
  beach: {
    sky: ["ffb88c", "f58a7a"],
    art: () =>
      `<circle cx="50" cy="58" r="16" fill="#ffe29a"/>` +
      `<rect x="0" y="62" width="100" height="14" fill="#3a8fb7"/><rect x="0" y="76" width="100" height="24" fill="#f1d49b"/>` +
      palm(12, "2b3d2a"),
  },
  cafe: {
    sky: ["6b4a3a", "3a2820"],
    art: (r) =>
      window(14, 10, "f7d9a8") +
      window(62, 10, "f7d9a8") +
      `<rect x="0" y="78" width="100" height="22" fill="#2a1c16"/>` +
      range(3, (i) => cup(i * 30 + 12 + r() * 6)),
  },
  "neon-alley": { sky: ["2a0f3d", "0d0516"], art: (r) => neon(r) + `<rect x="0" y="82" width="100" height="18" fill="#12061d"/>` + rain(r) },
  garden: { sky: ["a8d8a0", "5c9a68"], art: (r) => range(12, () => flower(r() * 100, 62 + r() * 30, pick(r, ["f58aa8", "f5d28a", "c58af5", "ffffff"]))) },
  dungeon: { sky: ["2c2a2a", "121010"], art: (r) => bricks(r) + torch(15) + torch(85) },
  sky: { sky: ["7fc4f0", "d6efff"], art: (r) => range(5, () => cloud(r() * 100, 15 + r() * 60, 6 + r() * 6)) },
  mountains: { sky: ["f0b27a", "8a5a8f"], art: (r) => mountains(r, "5a3f6b", 4) + mountains(r, "3a2a4a", 3, 12) },
  temple: {
    sky: ["e8b04a", "9a4a2a"],
    art: () =>
      range(5, (i) => `<rect x="${i * 22 + 4}" y="30" width="8" height="70" fill="#5a2a18" opacity="0.85"/>`) +
      `<rect x="0" y="24" width="100" height="8" fill="#4a2010"/>`,
  },
  ruins: {
    sky: ["7a8a9a", "3a4450"],
    art: (r) =>
      range(4, (i) => `<rect x="${i * 26 + 5}" y="${40 + r() * 25}" width="9" height="60" fill="#5c6470"/>`) +
      `<rect x="0" y="88" width="100" height="12" fill="#3a4a3a"/>`,
  },
  village: {
    sky: ["9ad0e8", "d8eef6"],
    art: (r) =>
      range(4, (i) => house(i * 26 + 2, 62 + r() * 8, pick(r, ["b5654a", "8a5a3a", "c4884a"]))) + `<rect x="0" y="86" width="100" height="14" fill="#6a9a4a"/>`,
  },
  office: {
    sky: ["3a4a5a", "1f2a36"],
    art: (r) =>
      window(8, 12, "9ac8e8", 84, 44) + range(6, (i) => `<rect x="${10 + i * 14}" y="${30 + r() * 20}" width="10" height="30" fill="#2a3a4a" opacity="0.8"/>`),
  },
  stage: {
    sky: ["5a0f1f", "1f050a"],
    art: () =>
      `<path d="M0 0 L22 0 L16 100 L0 100Z M100 0 L78 0 L84 100 L100 100Z" fill="#8a1a2a"/><ellipse cx="50" cy="92" rx="40" ry="8" fill="#f6e3a1" opacity="0.35"/>`,
  },
  graveyard: {
    sky: ["3a4a5a", "12161c"],
    art: (r) =>
      `<circle cx="78" cy="20" r="9" fill="#e8ecd8"/>` +
      range(5, (i) => grave(i * 21 + 4, 70 + r() * 10)) +
      `<rect x="0" y="88" width="100" height="12" fill="#1f2a1f"/>`,
  },
  manor: {
    sky: ["4a3a5a", "1e1626"],
    art: () => window(10, 14, "f5d88a", 30, 50) + window(60, 14, "f5d88a", 30, 50) + `<rect x="0" y="80" width="100" height="20" fill="#2a1a22"/>`,
  },
};

function shelf(y: number, r: Rnd) {
  return (
    `<rect x="0" y="${y + 20}" width="100" height="3" fill="#5a3a22"/>` +
    range(
      12,
      (i) =>
        `<rect x="${i * 8.3 + 0.5}" y="${y + 8 + r() * 4}" width="${5 + r() * 2.5}" height="${12 - r() * 4}" fill="#${pick(r, ["7a2f2a", "2f4a7a", "3a6a3a", "8a6a2a", "5a2f6a"])}"/>`,
    )
  );
}
const tree = (x: number, y: number, w: number, fill: string) =>
  `<path d="M${x} ${y - w * 3} L${x + w} ${y + 8} L${x - w} ${y + 8}Z" fill="#${fill}"/><rect x="${x - 1}" y="${y + 8}" width="2" height="40" fill="#${fill}"/>`;
const stars = (r: Rnd, n: number) =>
  range(n, () => `<circle cx="${r() * 100}" cy="${r() * 55}" r="${0.3 + r() * 0.6}" fill="#fff" opacity="${0.4 + r() * 0.6}"/>`);
function skyline(r: Rnd, fill: string, light: string) {
  let x = 0;
  let out = "";
  while (x < 100) {
    const w = 8 + r() * 10;
    const h = 30 + r() * 40;
    out += `<rect x="${x}" y="${100 - h}" width="${w}" height="${h}" fill="#${fill}"/>`;
    for (let wy = 100 - h + 4; wy < 96; wy += 6) if (r() < 0.5) out += `<rect x="${x + 2}" y="${wy}" width="2" height="2" fill="#${light}" opacity="0.8"/>`;
    x += w + 1;
  }
  return out;
}
const lanterns = (r: Rnd, c: string) =>
  range(
    3,
    (i) =>
      `<circle cx="${18 + i * 32}" cy="${22 + r() * 8}" r="4" fill="#${c}"/><circle cx="${18 + i * 32}" cy="${22 + r() * 8}" r="10" fill="#${c}" opacity="0.15"/>`,
  );
const beams = (c: string) => `<rect x="0" y="8" width="100" height="4" fill="#${c}"/><rect x="0" y="84" width="100" height="16" fill="#${c}"/>`;
const wave = (y: number, r: Rnd, c: string) => `<path d="M0 ${y} Q12 ${y - 4 - r() * 3} 25 ${y} T50 ${y} T75 ${y} T100 ${y} V100 H0Z" fill="#${c}"/>`;
const dune = (y: number, c: string) => `<path d="M0 ${y} Q30 ${y - 14} 60 ${y} T100 ${y - 4} V100 H0Z" fill="#${c}"/>`;
const mountains = (r: Rnd, c: string, n: number, drop = 0) =>
  range(n, (i) => {
    const x = (i * 100) / (n - 1) + r() * 10 - 5;
    const h = 35 + r() * 20 - drop;
    return `<path d="M${x - 35} 100 L${x} ${100 - h - 20} L${x + 35} 100Z" fill="#${c}"/>`;
  });
const flakes = (r: Rnd, n: number) => range(n, () => `<circle cx="${r() * 100}" cy="${r() * 100}" r="${0.4 + r() * 0.8}" fill="#fff" opacity="0.8"/>`);
const castle = (c: string) =>
  `<path d="M10 100 V55 h6 v-5 h4 v5 h6 V40 h5 v-6 h4 v6 h5 V55 h6 v-5 h4 v5 h6 V45 h6 v-6 h4 v6 h6 V100Z" fill="#${c}"/><path d="M0 100 V70 h10 v30Z M84 100 V60 h16 v40Z" fill="#${c}"/>`;
const flask = (x: number, y: number, c: string) =>
  `<path d="M${x + 4} ${y} h4 v8 l5 12 h-14 l5 -12Z" fill="#${c}" opacity="0.75"/><rect x="0" y="${y + 20}" width="100" height="2" fill="#3a5a58"/>`;
const palm = (x: number, c: string) =>
  `<path d="M${x} 100 Q${x + 4} 70 ${x + 2} 50" stroke="#${c}" stroke-width="2.5" fill="none"/><path d="M${x + 2} 50 q-12 -2 -16 6 M${x + 2} 50 q12 -4 16 4 M${x + 2} 50 q-4 -10 -12 -10 M${x + 2} 50 q6 -10 14 -8" stroke="#${c}" stroke-width="2" fill="none"/>`;
const window = (x: number, y: number, c: string, w = 26, h = 40) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#${c}" opacity="0.55"/><rect x="${x + w / 2 - 0.6}" y="${y}" width="1.2" height="${h}" fill="#000" opacity="0.35"/><rect x="${x}" y="${y + h / 2 - 0.6}" width="${w}" height="1.2" fill="#000" opacity="0.35"/>`;
const cup = (x: number) =>
  `<rect x="${x}" y="72" width="8" height="7" rx="1" fill="#e8d8c8"/><path d="M${x + 2} 70 q1 -3 0 -5 M${x + 5} 70 q1 -3 0 -5" stroke="#fff" stroke-width="0.6" fill="none" opacity="0.6"/>`;
const neon = (r: Rnd) =>
  range(4, (i) => {
    const c = pick(r, ["ff3fd0", "3ff0ff", "ffe03f", "7c3fff"]);
    return `<rect x="${i * 26 + 4}" y="${12 + r() * 30}" width="${12 + r() * 8}" height="4" rx="2" fill="#${c}"/><rect x="${i * 26 + 2}" y="${8 + r() * 30}" width="22" height="12" fill="#${c}" opacity="0.12"/>`;
  });
const rain = (r: Rnd) => range(25, () => `<rect x="${r() * 100}" y="${r() * 90}" width="0.3" height="5" fill="#9ab" opacity="0.4"/>`);
const flower = (x: number, y: number, c: string) =>
  `<rect x="${x - 0.4}" y="${y}" width="0.8" height="12" fill="#3a6a3a"/><circle cx="${x}" cy="${y}" r="2.4" fill="#${c}"/><circle cx="${x}" cy="${y}" r="0.9" fill="#f5d28a"/>`;
const bricks = (r: Rnd) =>
  range(10, (row) =>
    range(6, (i) => `<rect x="${i * 18 + (row % 2) * 9 - 9}" y="${row * 10}" width="17" height="9" fill="#${pick(r, ["3a3434", "332d2d", "403838"])}"/>`),
  );
const torch = (x: number) =>
  `<rect x="${x - 1}" y="40" width="2" height="10" fill="#5a3a22"/><circle cx="${x}" cy="38" r="3" fill="#ffb347"/><circle cx="${x}" cy="38" r="12" fill="#ffb347" opacity="0.15"/>`;
const cloud = (x: number, y: number, s: number) =>
  `<g fill="#fff" opacity="0.85"><circle cx="${x}" cy="${y}" r="${s}"/><circle cx="${x + s}" cy="${y + 1}" r="${s * 0.8}"/><circle cx="${x - s}" cy="${y + 1}" r="${s * 0.7}"/></g>`;
const house = (x: number, y: number, c: string) =>
  `<rect x="${x}" y="${y}" width="20" height="24" fill="#${c}"/><path d="M${x - 2} ${y} L${x + 10} ${y - 10} L${x + 22} ${y}Z" fill="#5a2a1a"/><rect x="${x + 7}" y="${y + 8}" width="6" height="6" fill="#f5d88a"/>`;
const grave = (x: number, y: number) => `<path d="M${x} 100 V${y} q7 -9 14 0 V100Z" fill="#4a5060"/>`;

/** A scene as SVG markup on a 100x100 grid (the gradient id is `sky`). */
export function sceneSvg(scene: string, rnd: Rnd) {
  const { sky, art } = SCENE_ART[scene as Scene] ?? SCENE_ART.sky;
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${sky[0]}"/><stop offset="1" stop-color="#${sky[1]}"/></linearGradient></defs><rect width="100" height="100" fill="url(#sky)"/>${art(rnd)}`;
}
