import { encode as encodePng } from "fast-png";
import textChunk from "png-chunk-text";
import encodeChunks from "png-chunks-encode";
import extractChunks from "png-chunks-extract";

const decodeBase64 = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0)));

export const textChunks = (bytes: Uint8Array) =>
  extractChunks(bytes)
    .filter((c) => c.name === "tEXt")
    .map((c) => textChunk.decode(c.data));

/** The PNG's tEXt chunks by keyword, as stored (card data stays base64). */
export const pngChunks = (bytes: Uint8Array) => Object.fromEntries(textChunks(bytes).map((t) => [t.keyword, t.text]));

/** The text of each tEXt chunk, with base64 card data (chara, ccv3) decoded. */
export const pngTexts = (bytes: Uint8Array) => textChunks(bytes).map(({ keyword, text }) => (["chara", "ccv3"].includes(keyword) ? decodeBase64(text) : text));

/** A small PNG picture (2x2) with the given tEXt chunks, built the way community tools write them. */
export function pngWith(texts: Record<string, string>, fill = 200) {
  const picture = encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(fill), channels: 4, depth: 8 });
  const chunks = extractChunks(picture);
  chunks.splice(-1, 0, ...Object.entries(texts).map(([k, v]) => textChunk.encode(k, v)));
  return encodeChunks(chunks);
}
