/**
 * Character cards inside PNG files: base64 JSON in tEXt chunks named `ccv3` (V3) and `chara` (V2).
 * Reading walks the chunks without decoding the picture; writing replaces those two chunks.
 */
import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import textChunk from "png-chunk-text";
import { imageSize, sniff, THUMBNAIL_MAX_SIDE } from "~/lib/http/uploads.server";
import { CARD_MESSAGES } from "~/spec/messages";

const CARD_KEYS = ["ccv3", "chara"] as const;

/**
 * The picture codecs, loaded the first time a card is written: only that download needs them, and
 * their set-up (fflate's tables) would otherwise run in every new isolate before its first answer.
 */
const pngEncoder = async () => (await import("fast-png")).encode;
const jpegDecoder = async () => (await import("jpeg-js")).decode;

function base64ToUtf8(b64: string) {
  const binary = atob(b64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

function utf8ToBase64(text: string) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The card JSON text inside a PNG (`ccv3` first, then `chara`), or an error a person understands. */
export function readPngCard(bytes: Uint8Array): { ok: true; json: string } | { ok: false; error: string } {
  let chunks: { name: string; data: Uint8Array }[];
  try {
    chunks = extractChunks(bytes);
  } catch {
    return { ok: false, error: CARD_MESSAGES.pngDamaged };
  }
  const texts = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.name !== "tEXt") continue;
    const { keyword, text } = textChunk.decode(chunk.data);
    if ((CARD_KEYS as readonly string[]).includes(keyword.toLowerCase()) && !texts.has(keyword.toLowerCase())) texts.set(keyword.toLowerCase(), text);
  }
  for (const key of CARD_KEYS) {
    const text = texts.get(key);
    if (!text) continue;
    try {
      return { ok: true, json: base64ToUtf8(text) };
    } catch {
      if (key === "chara") return { ok: false, error: CARD_MESSAGES.pngCardDamaged };
    }
  }
  return { ok: false, error: CARD_MESSAGES.pngHasNoCard };
}

/** A PNG of the picture with the card written into it (old card chunks are replaced). */
export function writePngCard(png: Uint8Array, cards: { v3: unknown; v2: unknown }) {
  const chunks = extractChunks(png).filter(
    (c) => !(c.name === "tEXt" && (CARD_KEYS as readonly string[]).includes(textChunk.decode(c.data).keyword.toLowerCase())),
  );
  const iend = chunks.findIndex((c) => c.name === "IEND");
  chunks.splice(iend, 0, textChunk.encode("chara", utf8ToBase64(JSON.stringify(cards.v2))), textChunk.encode("ccv3", utf8ToBase64(JSON.stringify(cards.v3))));
  return encodeChunks(chunks);
}

/**
 * The thumbnail as PNG bytes: PNG as it is, JPEG converted; null for other formats (WebP) and for a
 * JPEG larger than uploads allow (an older file), so decoding stays far inside a Worker's memory.
 */
export async function pictureAsPng(bytes: Uint8Array): Promise<Uint8Array | null> {
  const type = sniff("thumbnail", bytes)?.type;
  if (type === "image/png") return bytes;
  if (type === "image/jpeg") {
    const size = imageSize(bytes);
    if (!size || size.width > THUMBNAIL_MAX_SIDE || size.height > THUMBNAIL_MAX_SIDE) return null;
    const [decodeJpeg, encodePng] = await Promise.all([jpegDecoder(), pngEncoder()]);
    const image = decodeJpeg(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxMemoryUsageInMB: 64,
      maxResolutionInMP: (THUMBNAIL_MAX_SIDE * THUMBNAIL_MAX_SIDE) / 1_000_000 + 1,
    });
    return encodePng({ width: image.width, height: image.height, data: image.data, channels: 4, depth: 8 });
  }
  return null;
}

/** The picture for a card whose character has none we can use: a plain 384 x 384 gradient in the brand's colours. */
export async function defaultCardPicture() {
  const size = 384;
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      const i = (y * size + x) * 3;
      data[i] = Math.round(76 + (168 - 76) * t);
      data[i + 1] = Math.round(29 + (85 - 29) * t);
      data[i + 2] = Math.round(149 + (247 - 149) * t);
    }
  return (await pngEncoder())({ width: size, height: size, data, channels: 3, depth: 8 });
}
