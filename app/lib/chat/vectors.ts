/**
 * Vectors for hybrid recall (issue 62, decision 089), pure: a message's embedding kept as one signed
 * byte per dimension (its largest component is ±127), its sign bits for a fast first pass (Hamming
 * distance), the cosine of a query with a kept vector, and the fusion of the text and vector rankings.
 */

/** One byte per dimension: the vector scaled so its largest component is ±127 (cosine does not depend on the scale). */
export function quantise(vector: ArrayLike<number>): Int8Array {
  let max = 0;
  for (let i = 0; i < vector.length; i++) max = Math.max(max, Math.abs(vector[i]));
  const out = new Int8Array(vector.length);
  if (!max) return out;
  const scale = 127 / max;
  for (let i = 0; i < vector.length; i++) out[i] = Math.round(vector[i] * scale);
  return out;
}

/** The sign of every dimension, 32 to a word: bit set when the component is positive. */
export function signBits(vector: ArrayLike<number>): Uint32Array {
  const out = new Uint32Array(Math.ceil(vector.length / 32));
  for (let i = 0; i < vector.length; i++) if (vector[i] > 0) out[i >>> 5] |= 1 << (i & 31);
  return out;
}

function popcount(x: number) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The `count` codes (each `words` long, one after the other in `codes`) nearest to `query` by
 * Hamming distance, nearest first, as their positions, among those `keep` keeps. One pass to
 * measure, one to count distances (they are at most 32 × `words`), one to collect.
 */
export function nearestCodes(codes: Uint32Array, n: number, query: Uint32Array, count: number, keep: (row: number) => boolean = () => true): number[] {
  const words = query.length;
  const skipped = words * 32 + 1;
  const distances = new Uint16Array(n);
  const histogram = new Uint32Array(skipped);
  for (let row = 0, at = 0; row < n; row++, at += words) {
    if (!keep(row)) {
      distances[row] = skipped;
      continue;
    }
    let d = 0;
    for (let w = 0; w < words; w++) d += popcount(codes[at + w] ^ query[w]);
    distances[row] = d;
    histogram[d]++;
  }
  let cut = 0;
  for (let seen = 0; cut < skipped - 1; cut++) {
    seen += histogram[cut];
    if (seen >= count) break;
  }
  const kept: number[] = [];
  for (let row = 0; row < n; row++) if (distances[row] <= cut) kept.push(row);
  kept.sort((a, b) => distances[a] - distances[b]);
  return kept.slice(0, count);
}

/** The cosine of a query (any scale) and a kept vector; 0 when either is all zeros or their lengths differ. */
export function cosine(query: ArrayLike<number>, kept: Int8Array): number {
  if (query.length !== kept.length) return 0;
  let dot = 0;
  let qq = 0;
  let kk = 0;
  for (let i = 0; i < kept.length; i++) {
    dot += query[i] * kept[i];
    qq += query[i] * query[i];
    kk += kept[i] * kept[i];
  }
  return qq && kk ? dot / Math.sqrt(qq * kk) : 0;
}

/** Reciprocal rank fusion's constant: a list's first place counts 1/61, its tenth 1/70 (Cormack et al., 2009). */
const FUSION_K = 60;

/** The ids of several rankings (best first) in one: each scores 1/(60 + its place) in every list it is in, best total first. */
export function fuseRankings(rankings: string[][]): string[] {
  const score = new Map<string, number>();
  for (const ranking of rankings) ranking.forEach((id, place) => score.set(id, (score.get(id) ?? 0) + 1 / (FUSION_K + place + 1)));
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
