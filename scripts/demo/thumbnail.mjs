// Deterministic procedural thumbnail art for demo characters.
//
//   renderThumbnail({ seed, palette, motif, size = 384 }) -> Buffer (PNG)
//   renderDefaultThumbnail({ size = 384 } = {})          -> Buffer (PNG)
//
// The picture is a smooth three-stop gradient built from the palette, a few
// soft "bokeh" discs placed by a seeded PRNG, a halo, a geometric motif in the
// centre (drawn with signed distance functions, so edges are anti-aliased by
// distance-based alpha), and a vignette. Identical inputs give identical bytes.

import { PNG } from "pngjs";

export const MOTIFS = ["moon", "sun", "waves", "mountains", "stars", "rings", "diamond", "flame", "leaf", "gear", "heart", "crown"];

const DEFAULT_PALETTE = ["#2b2140", "#6d4c8f", "#d9a6c8"];

// ---------------------------------------------------------------- random ---

function hashString(str) {
  // FNV-1a followed by a murmur-style finaliser.
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mulberry32(a) {
  return function next() {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Per-pixel hash for dithering (kills 8-bit banding in smooth gradients).
function pixelNoise(x, y, s) {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ s;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296 - 0.5;
}

// ---------------------------------------------------------------- colour ---

function parseHex(hex) {
  let s = String(hex || "")
    .trim()
    .replace(/^#/, "");
  if (s.length === 3) s = s[0] + s[0] + s[1] + s[1] + s[2] + s[2];
  if (!/^[0-9a-fA-F]{6}$/.test(s)) return null;
  const n = parseInt(s, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function normalisePalette(palette) {
  const cols = (Array.isArray(palette) ? palette : []).map(parseHex).filter(Boolean);
  const base = DEFAULT_PALETTE.map(parseHex);
  while (cols.length < 3) cols.push(base[cols.length]);
  return cols.slice(0, 3);
}

const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const luminance = (c) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
const WHITE = [1, 1, 1];
const BLACK = [0, 0, 0];

// ------------------------------------------------------------------ math ---

const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
function smoothstep(e0, e1, x) {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}
const len = (x, y) => Math.sqrt(x * x + y * y);

/**
 * Folds the plane into one of `count` equal sectors (turned by the fraction `u` of a sector), so a
 * shape drawn once along the +x axis repeats around the centre. Answers the radius and the point
 * folded into the sector's upper half.
 */
const radialFold = (count, u) => {
  const sector = (2 * Math.PI) / count;
  const twist = u * sector;
  return (px, py) => {
    const r = len(px, py);
    let a = Math.atan2(py, px) + twist;
    a -= sector * Math.round(a / sector);
    return [r, r * Math.cos(a), r * Math.abs(Math.sin(a))];
  };
};

function sdSegment(px, py, ax, ay, bx, by) {
  const pax = px - ax;
  const pay = py - ay;
  const bax = bx - ax;
  const bay = by - ay;
  const h = clamp01((pax * bax + pay * bay) / (bax * bax + bay * bay));
  return len(pax - bax * h, pay - bay * h);
}

function sdBox(px, py, bx, by) {
  const dx = Math.abs(px) - bx;
  const dy = Math.abs(py) - by;
  return len(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0);
}

// Signed distance to a polygon given as flat [x0,y0,x1,y1,...] (iq).
function sdPolygon(px, py, v) {
  const n = v.length / 2;
  let d = (px - v[0]) ** 2 + (py - v[1]) ** 2;
  let s = 1;
  for (let i = 0, j = n - 1; i < n; j = i, i++) {
    const vix = v[2 * i];
    const viy = v[2 * i + 1];
    const vjx = v[2 * j];
    const vjy = v[2 * j + 1];
    const ex = vjx - vix;
    const ey = vjy - viy;
    const wx = px - vix;
    const wy = py - viy;
    const h = clamp01((wx * ex + wy * ey) / (ex * ex + ey * ey));
    const bx = wx - ex * h;
    const by = wy - ey * h;
    d = Math.min(d, bx * bx + by * by);
    const c1 = py >= viy;
    const c2 = py < vjy;
    const c3 = ex * wy > ey * wx;
    if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) s = -s;
  }
  return s * Math.sqrt(d);
}

// Regular n-pointed star (iq), point up in image coordinates (y grows down).
function sdStar(px, py, r, n, m) {
  py = -py;
  const an = Math.PI / n;
  const en = Math.PI / m;
  const acx = Math.cos(an);
  const acy = Math.sin(an);
  const ecx = Math.cos(en);
  const ecy = Math.sin(en);
  let a = Math.atan2(px, py);
  const period = 2 * an;
  a = a - period * Math.floor(a / period) - an;
  const l = len(px, py);
  let qx = l * Math.cos(a) - r * acx;
  let qy = l * Math.abs(Math.sin(a)) - r * acy;
  const t = Math.min(Math.max(-(qx * ecx + qy * ecy), 0), (r * acy) / ecy);
  qx += ecx * t;
  qy += ecy * t;
  return len(qx, qy) * Math.sign(qx);
}

// Four-pointed sparkle. Far from the star (where only a faint glow could
// reach) the distance to its circumscribed circle is used instead, which is a
// lower bound that keeps the result continuous within the visible range.
const SPARKLE_CULL = 0.16;
function sdSparkle(px, py, r, m) {
  const l = len(px, py);
  if (l - r > SPARKLE_CULL) return l - r;
  return sdStar(px, py, r, 4, m);
}

// Heart (iq), bottom tip at origin, y up, height ~1.
function sdHeartUnit(x, y) {
  x = Math.abs(x);
  if (y + x > 1) return len(x - 0.25, y - 0.75) - Math.SQRT2 / 4;
  const m = 0.5 * Math.max(x + y, 0);
  const d1 = x * x + (y - 1) * (y - 1);
  const d2 = (x - m) * (x - m) + (y - m) * (y - m);
  return Math.sqrt(Math.min(d1, d2)) * Math.sign(x - y);
}

function smin(a, b, k) {
  const h = clamp01(0.5 + (0.5 * (b - a)) / k);
  return b + (a - b) * h - k * h * (1 - h);
}

// ---------------------------------------------------------------- motifs ---
// Each motif is built from a seeded random source and returns a function
// (px, py, out) -> signed distance of the main shape, in units of the image
// width, with p centred (0,0) and y pointing down. A secondary "detail"
// distance (drawn in an accent colour on top) is written to out.d2.

const FAR = 1e9;

function makeMotif(motif, rnd) {
  switch (motif) {
    case "moon": {
      const sparkles = [
        [0.2, -0.2, 0.04],
        [0.27, -0.05, 0.022],
        [0.12, -0.3, 0.018],
      ];
      return (px, py, out) => {
        const a = len(px + 0.02, py) - 0.23;
        const b = len(px - 0.085, py + 0.06) - 0.2;
        let d = Math.max(a, -b);
        for (let i = 0; i < sparkles.length; i++) {
          const sp = sparkles[i];
          d = Math.min(d, sdSparkle(px - sp[0], py - sp[1], sp[2], 2.6));
        }
        // Faint craters on the crescent.
        out.d2 = Math.max(d, Math.min(len(px + 0.14, py + 0.02) - 0.028, len(px + 0.09, py - 0.13) - 0.02, len(px + 0.16, py - 0.08) - 0.014));
        return d;
      };
    }
    case "sun": {
      const fold = radialFold(12, rnd());
      return (px, py, out) => {
        const [r, qx, qy] = fold(px, py);
        const disk = r - 0.13;
        // Tapered rays: a thin capsule whose radius shrinks outward.
        const t = clamp01((qx - 0.175) / 0.11);
        const ray = sdSegment(qx, qy, 0.175, 0, 0.285, 0) - (0.022 - 0.014 * t);
        out.d2 = r - 0.09;
        return Math.min(disk, ray);
      };
    }
    case "waves": {
      const phase = rnd() * Math.PI * 2;
      const k = (2 * Math.PI) / 0.19;
      const A = 0.024;
      const band = (px, py, y0, ph) => {
        const s = Math.sin(k * px + ph);
        const c = Math.cos(k * px + ph);
        return Math.abs(py - y0 - A * s) / Math.sqrt(1 + (A * k * c) ** 2) - 0.021;
      };
      return (px, py, out) => {
        const r = len(px, py);
        const clip = r - 0.27;
        const b1 = band(px, py, -0.1, phase);
        const b2 = band(px, py, 0.0, phase + 1.1);
        const b3 = band(px, py, 0.1, phase + 2.2);
        const ring = Math.abs(r - 0.305) - 0.011;
        out.d2 = Math.max(b2, clip);
        return Math.min(Math.max(Math.min(b1, b2, b3), clip), ring);
      };
    }
    case "mountains": {
      const j = (rnd() - 0.5) * 0.06;
      const poly = [-0.34, 0.2, -0.13 + j, -0.12, -0.05 + j, -0.03, 0.07 - j, -0.21, 0.34, 0.2];
      return (px, py, out) => {
        const r = len(px, py);
        const clip = r - 0.28;
        const m = Math.max(sdPolygon(px, py, poly), clip);
        const ring = Math.abs(r - 0.305) - 0.011;
        const snowLine = py - (-0.105 + 0.014 * Math.sin(px * 70));
        const snowLine2 = py - (-0.02 + 0.012 * Math.sin(px * 80 + 1));
        out.d2 = Math.max(m, Math.min(snowLine, px < -0.04 ? snowLine2 : FAR));
        const moon = len(px + 0.17, py + 0.17) - 0.035;
        return Math.min(m, ring, moon);
      };
    }
    case "stars": {
      const small = [];
      let guard = 0;
      while (small.length < 9 && guard++ < 400) {
        const a = rnd() * Math.PI * 2;
        const rr = 0.2 + rnd() * 0.17;
        const x = Math.cos(a) * rr;
        const y = Math.sin(a) * rr;
        const s = 0.014 + rnd() * 0.03;
        if (small.every(([ox, oy, os]) => len(ox - x, oy - y) > os + s + 0.04)) {
          small.push([x, y, s]);
        }
      }
      return (px, py, out) => {
        const big = sdStar(px, py + 0.01, 0.17, 5, 2.8) - 0.006;
        let d = big;
        let far = FAR;
        for (let i = 0; i < small.length; i++) {
          const sp = small[i];
          const ds = sdSparkle(px - sp[0], py - sp[1], sp[2], 2.4);
          if (i % 3 === 0) far = Math.min(far, ds);
          else d = Math.min(d, ds);
        }
        out.d2 = far;
        return Math.min(d, far);
      };
    }
    case "rings": {
      const radii = [0.13, 0.2, 0.27];
      const dots = radii.map((r) => {
        const a = rnd() * Math.PI * 2;
        return [Math.cos(a) * r, Math.sin(a) * r];
      });
      return (px, py, out) => {
        const r = len(px, py);
        let d = r - 0.065;
        for (let i = 0; i < radii.length; i++) d = Math.min(d, Math.abs(r - radii[i]) - 0.011);
        let dd = FAR;
        for (let i = 0; i < dots.length; i++) dd = Math.min(dd, len(px - dots[i][0], py - dots[i][1]) - 0.026);
        out.d2 = Math.min(dd, Math.abs(r - 0.2) - 0.011);
        return Math.min(d, dd);
      };
    }
    case "diamond": {
      const poly = [-0.12, -0.17, 0.12, -0.17, 0.25, -0.06, 0, 0.25, -0.25, -0.06];
      const lines = [
        [-0.25, -0.06, 0.25, -0.06],
        [-0.12, -0.17, -0.065, -0.06],
        [0.12, -0.17, 0.065, -0.06],
        [0, -0.17, -0.065, -0.06],
        [0, -0.17, 0.065, -0.06],
        [-0.065, -0.06, 0, 0.25],
        [0.065, -0.06, 0, 0.25],
      ];
      const facet = [-0.25, -0.06, -0.065, -0.06, 0, 0.25];
      const facet2 = [0.12, -0.17, 0.25, -0.06, 0.065, -0.06];
      return (px, py, out) => {
        const g = sdPolygon(px, py, poly);
        let l = FAR;
        for (let i = 0; i < lines.length; i++) {
          const s = lines[i];
          l = Math.min(l, sdSegment(px, py, s[0], s[1], s[2], s[3]));
        }
        const d = Math.max(g, -(l - 0.006));
        out.d2 = Math.max(d, Math.min(sdPolygon(px, py, facet), sdPolygon(px, py, facet2)));
        return d;
      };
    }
    case "flame": {
      const lean = (rnd() - 0.5) * 0.08;
      const shape = (x, y, s) => {
        x /= s;
        y /= s;
        const base = len(x, y - 0.1) - 0.16;
        const tip = sdPolygon(x, y, [-0.15, 0.06, 0.15, 0.06, lean, -0.3]);
        return smin(base, tip, 0.1) * s;
      };
      return (px, py, out) => {
        out.d2 = shape(px, py - 0.1, 0.5);
        return shape(px, py + 0.005, 1);
      };
    }
    case "leaf": {
      const ang = (-40 + (rnd() - 0.5) * 20) * (Math.PI / 180);
      const ca = Math.cos(ang);
      const sa = Math.sin(ang);
      const veins = [];
      for (let i = 0; i < 4; i++) {
        const y = -0.16 + i * 0.1;
        veins.push([0, y, -0.1, y - 0.075], [0, y, 0.1, y - 0.075]);
      }
      return (px, py, out) => {
        const x = px * ca - py * sa;
        const y = px * sa + py * ca - 0.035;
        const lens = Math.max(len(x + 0.19, y) - 0.34, len(x - 0.19, y) - 0.34);
        const stem = sdSegment(x, y, 0, 0.24, 0, 0.36) - 0.013;
        let carve = sdSegment(x, y, 0, -0.21, 0, 0.26) - 0.008;
        for (let i = 0; i < veins.length; i++) {
          const v = veins[i];
          carve = Math.min(carve, sdSegment(x, y, v[0], v[1], v[2], v[3]) - 0.005);
        }
        const leaf = Math.max(lens, -carve);
        out.d2 = Math.max(lens, x); // shade one half of the blade
        out.d2 = Math.max(out.d2, -carve);
        return Math.min(leaf, stem);
      };
    }
    case "gear": {
      const fold = radialFold(10, rnd());
      return (px, py, out) => {
        const [r, qx, qy] = fold(px, py);
        // Trapezoid tooth: box whose half-width narrows outward.
        const hw = 0.036 - 0.012 * clamp01((qx - 0.19) / 0.08);
        const tooth = sdBox(qx - 0.235, qy, 0.05, hw) - 0.006;
        const body = r - 0.205;
        let d = Math.min(body, tooth);
        d = Math.max(d, -(r - 0.07));
        out.d2 = Math.max(Math.abs(r - 0.14) - 0.014, -(r - 0.07));
        return d;
      };
    }
    case "heart": {
      const s = 0.4;
      return (px, py, out) => {
        const hx = px / s;
        const hy = -py / s + 0.55;
        const d = sdHeartUnit(hx, hy) * s;
        out.d2 = Math.abs(sdHeartUnit(px / (s * 0.72), -py / (s * 0.72) + 0.5) * s * 0.72) - 0.008;
        out.d2 = Math.max(out.d2, d);
        // Small glint at the upper left lobe.
        out.d2 = Math.min(out.d2, len(px + 0.1, py + 0.11) - 0.022);
        return d;
      };
    }
    case "crown": {
      const poly = [-0.27, 0.17, -0.29, -0.1, -0.14, 0.02, 0, -0.19, 0.14, 0.02, 0.29, -0.1, 0.27, 0.17];
      const tips = [
        [-0.29, -0.1, 0.032],
        [0, -0.19, 0.038],
        [0.29, -0.1, 0.032],
      ];
      const jewels = [
        [-0.15, 0.125, 0.022],
        [0, 0.125, 0.026],
        [0.15, 0.125, 0.022],
      ];
      return (px, py, out) => {
        let d = sdPolygon(px, py, poly) - 0.006;
        for (let i = 0; i < tips.length; i++) {
          d = Math.min(d, len(px - tips[i][0], py - tips[i][1] - 0.025) - tips[i][2]);
        }
        const band = sdBox(px, py - 0.125, 0.3, 0.045) - 0.004;
        d = Math.min(d, band);
        let j = FAR;
        for (let i = 0; i < jewels.length; i++) {
          j = Math.min(j, len(px - jewels[i][0], py - jewels[i][1]) - jewels[i][2]);
        }
        out.d2 = Math.max(band, -j);
        return d;
      };
    }
    default:
      return makeMotif("stars", rnd);
  }
}

// ---------------------------------------------------------------- canvas ---

function newCanvas(size) {
  return new Float32Array(size * size * 3);
}

function blendPixel(buf, i, c, a) {
  buf[i] += (c[0] - buf[i]) * a;
  buf[i + 1] += (c[1] - buf[i + 1]) * a;
  buf[i + 2] += (c[2] - buf[i + 2]) * a;
}

function encode(buf, size, ditherSeed, vignetteStrength) {
  const png = new PNG({ width: size, height: size, colorType: 2, inputColorType: 2 });
  // RGB input matching the RGB output lets pngjs skip its per-pixel repacking.
  const data = Buffer.alloc(size * size * 3);
  const inv = 1 / size;
  for (let y = 0, i = 0; y < size; y++) {
    const py = (y + 0.5) * inv - 0.5;
    for (let x = 0; x < size; x++, i += 3) {
      const px = (x + 0.5) * inv - 0.5;
      // Vignette: darken toward the corners (0 at centre .. 1 at a corner).
      const f = 1 - vignetteStrength * smoothstep(0.45, 1.05, len(px, py) * Math.SQRT2);
      const n = pixelNoise(x, y, ditherSeed) + 0.5;
      // Linear -> display (gamma 2), plus a sub-LSB dither against banding.
      let r = buf[i] * f;
      let g = buf[i + 1] * f;
      let b = buf[i + 2] * f;
      r = r > 0 ? Math.floor(Math.sqrt(r < 1 ? r : 1) * 255 + n) : 0;
      g = g > 0 ? Math.floor(Math.sqrt(g < 1 ? g : 1) * 255 + n) : 0;
      b = b > 0 ? Math.floor(Math.sqrt(b < 1 ? b : 1) * 255 + n) : 0;
      data[i] = r > 255 ? 255 : r;
      data[i + 1] = g > 255 ? 255 : g;
      data[i + 2] = b > 255 ? 255 : b;
    }
  }
  png.data = data;
  return PNG.sync.write(png, {
    colorType: 2,
    inputColorType: 2,
    inputHasAlpha: false,
    filterType: 2, // "Up" only: as small as trying every filter here, and several times faster
    deflateLevel: 6,
  });
}

// Colours are composited in an approximately linear space (square of sRGB).
const toLin = (c) => [c[0] * c[0], c[1] * c[1], c[2] * c[2]];

// Draws one SDF shape with fill + optional accent, plus soft shadow and glow.
// The distance field is sampled once per pixel into a buffer; the drop shadow
// reuses it shifted by a few rows instead of evaluating the shape twice.
const GLOW_REACH = 0.16;
function drawShape(buf, size, extent, sdf, fill, accent, glow, shadowColor) {
  const inv = 1 / size;
  const lo = Math.max(0, Math.floor((0.5 - extent) * size));
  const hi = Math.min(size, Math.ceil((0.5 + extent) * size));
  const w = hi - lo;
  const shift = Math.max(1, Math.round(0.014 * size)); // shadow offset, px
  const fy0 = Math.max(0, lo - shift); // first field row
  const fh = hi - fy0;
  const field = new Float32Array(w * fh);
  const field2 = new Float32Array(w * fh);
  const out = { d2: FAR };
  for (let y = fy0, k = 0; y < hi; y++) {
    const py = (y + 0.5) * inv - 0.5;
    for (let x = lo; x < hi; x++, k++) {
      const px = (x + 0.5) * inv - 0.5;
      out.d2 = FAR;
      field[k] = sdf(px, py, out);
      field2[k] = out.d2;
    }
  }
  const fL = toLin(fill);
  const aL = toLin(accent);
  const gL = toLin(glow);
  const sL = toLin(shadowColor);
  const col = [0, 0, 0];
  for (let y = lo; y < hi; y++) {
    const py = (y + 0.5) * inv - 0.5;
    const row = (y - fy0) * w;
    const srow = y - shift >= fy0 ? (y - shift - fy0) * w : -1;
    // Gentle top-to-bottom shading of the fill.
    const shade = 1 - 0.12 * clamp01(py / 0.3 + 0.5);
    col[0] = fL[0] * shade;
    col[1] = fL[1] * shade;
    col[2] = fL[2] * shade;
    for (let x = lo; x < hi; x++) {
      const i = (y * size + x) * 3;
      const fx = x - lo;
      // Soft drop shadow: the shape's field a few rows higher up.
      if (srow >= 0) {
        const ds = field[srow + fx];
        if (ds < 0.03) {
          const sa = 0.32 * (1 - smoothstep(-0.004, 0.03, ds));
          if (sa > 0.001) blendPixel(buf, i, sL, sa);
        }
      }
      const d = field[row + fx];
      if (d > 0) {
        if (d < GLOW_REACH) {
          const ga = 0.22 * Math.exp(-d * 28);
          if (ga > 0.002) blendPixel(buf, i, gL, ga);
        }
      }
      const a = clamp01(0.5 - d * size);
      if (a > 0) {
        blendPixel(buf, i, col, a * 0.95);
        const a2 = clamp01(0.5 - field2[row + fx] * size) * a;
        if (a2 > 0) blendPixel(buf, i, aL, a2 * 0.85);
      }
    }
  }
}

// --------------------------------------------------------------- public ---

export function renderThumbnail({ seed, palette, motif, size = 384 } = {}) {
  size = Math.max(16, Math.min(2048, Math.floor(Number(size) || 384)));
  const seedStr = String(seed ?? "");
  const seedNum = hashString(seedStr + "|" + String(motif ?? ""));
  const rnd = mulberry32(seedNum);
  const pal = normalisePalette(palette);

  // Order palette stops dark -> light so the gradient runs from a deep corner
  // to a lighter one; the middle colour stays in the middle.
  const sorted = [...pal].sort((a, b) => luminance(a) - luminance(b));
  const cDark = sorted[0];
  const cMid = sorted[1];
  const cLight = sorted[2];

  // Keep the background moody enough that the motif reads well.
  const s0 = toLin(mix(cDark, BLACK, 0.15));
  const s1 = toLin(cMid);
  const s2 = toLin(mix(cLight, cMid, 0.25));

  const buf = newCanvas(size);
  const inv = 1 / size;

  // 1. Gradient: diagonal (random angle) blended with a radial component,
  //    plus a soft Gaussian halo behind the motif (separable, so the
  //    exponentials are computed once per row/column).
  const haloCol = toLin(mix(cLight, WHITE, 0.5));
  const halo = new Float32Array(size);
  for (let k = 0; k < size; k++) {
    const q = ((k + 0.5) * inv - 0.5) / 0.24;
    halo[k] = Math.exp(-q * q);
  }
  const angle = (0.15 + rnd() * 0.2) * Math.PI * (rnd() < 0.5 ? 1 : 3);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const radialMix = 0.25 + rnd() * 0.3;
  const rcx = (rnd() - 0.5) * 0.5;
  const rcy = -0.25 + (rnd() - 0.5) * 0.3;
  for (let y = 0, i = 0; y < size; y++) {
    const py = (y + 0.5) * inv - 0.5;
    for (let x = 0; x < size; x++, i += 3) {
      const px = (x + 0.5) * inv - 0.5;
      const lin = clamp01((px * dx + py * dy) / 1.4142 + 0.5);
      const rad = clamp01(1 - len(px - rcx, py - rcy) / 0.95);
      let t = lin * (1 - radialMix) + rad * radialMix;
      t = t * t * (3 - 2 * t);
      let r, g, b;
      if (t < 0.5) {
        const u = t * 2;
        r = s0[0] + (s1[0] - s0[0]) * u;
        g = s0[1] + (s1[1] - s0[1]) * u;
        b = s0[2] + (s1[2] - s0[2]) * u;
      } else {
        const u = (t - 0.5) * 2;
        r = s1[0] + (s2[0] - s1[0]) * u;
        g = s1[1] + (s2[1] - s1[1]) * u;
        b = s1[2] + (s2[2] - s1[2]) * u;
      }
      const h = 0.2 * halo[x] * halo[y];
      buf[i] = r + (haloCol[0] - r) * h;
      buf[i + 1] = g + (haloCol[1] - g) * h;
      buf[i + 2] = b + (haloCol[2] - b) * h;
    }
  }

  // 2. Bokeh discs.
  const count = 7 + Math.floor(rnd() * 5);
  for (let k = 0; k < count; k++) {
    const cx = rnd();
    const cy = rnd();
    const rr = 0.035 + Math.pow(rnd(), 1.6) * 0.2;
    const col = toLin(mix(pal[Math.floor(rnd() * 3)], WHITE, 0.35 + rnd() * 0.4));
    const alpha = 0.07 + rnd() * 0.13;
    const hard = rnd() < 0.55; // crisp bokeh with bright rim vs. soft blob
    const R = rr * size;
    const soft = hard ? Math.max(1.5, R * 0.08) : R;
    const bx0 = Math.max(0, Math.floor(cx * size - R - 2));
    const bx1 = Math.min(size, Math.ceil(cx * size + R + 2));
    const by0 = Math.max(0, Math.floor(cy * size - R - 2));
    const by1 = Math.min(size, Math.ceil(cy * size + R + 2));
    for (let y = by0; y < by1; y++) {
      for (let x = bx0; x < bx1; x++) {
        const d = len(x + 0.5 - cx * size, y + 0.5 - cy * size);
        if (d >= R + 1) continue;
        let a;
        if (hard) {
          const edge = clamp01((R - d) / soft);
          const rim = 0.65 + 0.35 * smoothstep(R * 0.6, R, d);
          a = edge * rim * alpha;
        } else {
          const u = d / R;
          a = (1 - u * u) * (1 - u * u) * alpha * 1.2;
        }
        if (a > 0) blendPixel(buf, (y * size + x) * 3, col, a);
      }
    }
  }

  // A light motif reads best on most palettes; on very bright centres a dark
  // one is used instead. Decide from the pixels actually behind the motif.
  let centreLum = 0;
  {
    const step = Math.max(1, size >> 6);
    let n = 0;
    for (let y = size >> 2; y < size - (size >> 2); y += step) {
      for (let x = size >> 2; x < size - (size >> 2); x += step) {
        const i = (y * size + x) * 3;
        centreLum += 0.2126 * buf[i] + 0.7152 * buf[i + 1] + 0.0722 * buf[i + 2];
        n++;
      }
    }
    centreLum /= n;
  }
  const lightMotif = centreLum < 0.5;

  // 4. Motif.
  let fill;
  let accent;
  let glow;
  let shadow;
  if (lightMotif) {
    fill = mix([1, 0.975, 0.94], cLight, 0.18);
    accent = mix(fill, mix(cMid, cDark, 0.35), 0.55);
    glow = mix(cLight, WHITE, 0.6);
    shadow = mix(cDark, BLACK, 0.5);
  } else {
    fill = mix(cDark, BLACK, 0.35);
    accent = mix(fill, cMid, 0.55);
    glow = WHITE;
    shadow = mix(cDark, BLACK, 0.6);
  }
  const motifName = MOTIFS.includes(motif) ? motif : "stars";
  const sdf = makeMotif(motifName, rnd);
  drawShape(buf, size, 0.44, sdf, fill, accent, glow, shadow);

  // 5. Vignette (applied while encoding).
  return encode(buf, size, seedNum, 0.55);
}

export function renderDefaultThumbnail({ size = 384 } = {}) {
  size = Math.max(16, Math.min(2048, Math.floor(Number(size) || 384)));
  const buf = newCanvas(size);
  const inv = 1 / size;
  const top = toLin(parseHex("#5b5470"));
  const bottom = toLin(parseHex("#2e2a3a"));
  const figure = toLin(parseHex("#9a93ad"));
  const figureLow = toLin(parseHex("#7d7692"));

  for (let y = 0, i = 0; y < size; y++) {
    const py = (y + 0.5) * inv;
    for (let x = 0; x < size; x++, i += 3) {
      const px = (x + 0.5) * inv;
      let t = clamp01(py * 0.85 + len(px - 0.5, py - 0.35) * 0.3);
      t = t * t * (3 - 2 * t);
      buf[i] = top[0] + (bottom[0] - top[0]) * t;
      buf[i + 1] = top[1] + (bottom[1] - top[1]) * t;
      buf[i + 2] = top[2] + (bottom[2] - top[2]) * t;
    }
  }

  // Head-and-shoulders silhouette.
  for (let y = 0, i = 0; y < size; y++) {
    const py = (y + 0.5) * inv - 0.5;
    for (let x = 0; x < size; x++, i += 3) {
      const px = (x + 0.5) * inv - 0.5;
      const head = len(px, py + 0.03) - 0.15;
      // Shoulders: the top of a wide ellipse, cut by the bottom edge.
      const ex = px / 0.37;
      const ey = (py - 0.52) / 0.3;
      const body = (len(ex, ey) - 1) * 0.3;
      const neck = sdBox(px, py - 0.15, 0.055, 0.06);
      const d = Math.min(head, smin(body, neck, 0.06));
      const a = clamp01(0.5 - d * size);
      if (a > 0) {
        const c = mix(figure, figureLow, clamp01((py + 0.2) / 0.6));
        blendPixel(buf, i, c, a * 0.9);
      }
    }
  }
  return encode(buf, size, 0x5eed, 0.4);
}
