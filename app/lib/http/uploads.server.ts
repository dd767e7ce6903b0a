import { UPLOAD_MESSAGES } from "~/spec/messages";

/** Upload kinds: the formats allowed (checked by their bytes, never by name or declared type) and the size limit. */
export const UPLOADS = {
  thumbnail: { maxBytes: 5 * 1024 * 1024, folder: "thumbnails" },
  /** Pictures of announcements: the same formats and checks as thumbnails. */
  announcement: { maxBytes: 5 * 1024 * 1024, folder: "announcements" },
  voice: { maxBytes: 2 * 1024 * 1024, folder: "voices" },
} as const;
export type UploadKind = keyof typeof UPLOADS;
/** Room for the multipart boundaries and the other fields around a file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

const ascii = (bytes: Uint8Array, start: number, text: string) => [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

/** A picture's real type from its first bytes (PNG, JPEG or WebP), or null: for uploads and for what image servers send back. */
export function sniffPicture(bytes: Uint8Array): { type: "image/png" | "image/jpeg" | "image/webp"; ext: string } | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, "PNG\r\n\x1a\n")) return { type: "image/png", ext: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: "image/jpeg", ext: "jpg" };
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return { type: "image/webp", ext: "webp" };
  return null;
}

/** The file's real type from its first bytes, or null when it is not an allowed format. */
export function sniff(kind: UploadKind, bytes: Uint8Array): { type: string; ext: string } | null {
  if (kind === "thumbnail" || kind === "announcement") return sniffPicture(bytes);
  if (ascii(bytes, 0, "ID3") || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return { type: "audio/mpeg", ext: "mp3" };
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return { type: "audio/wav", ext: "wav" };
  if (ascii(bytes, 0, "OggS")) return { type: "audio/ogg", ext: "ogg" };
  return null;
}

/** A call's recorded turn (issue 63): its real type from its first bytes (WAV, WebM or Ogg), and for a WAV its length in seconds. */
export function sniffRecording(bytes: Uint8Array): { type: string; seconds: number | null } | null {
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const byteRate = bytes.length >= 32 ? view.getUint32(28, true) : 0;
    return { type: "audio/wav", seconds: byteRate ? (bytes.length - 44) / byteRate : null };
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { type: "audio/webm", seconds: null };
  if (ascii(bytes, 0, "OggS")) return { type: "audio/ogg", seconds: null };
  return null;
}

/** Thumbnails are shown at a few hundred pixels; the cap keeps decoding one (card export) far inside a Worker's memory. */
export const THUMBNAIL_MAX_SIDE = 2048;

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);

/** A picture's width and height from its header (PNG, JPEG, WebP), without decoding it; null when unreadable. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const type = sniff("thumbnail", bytes)?.ext;
  if (type === "png") return bytes.length >= 24 && ascii(bytes, 12, "IHDR") ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
  if (type === "jpg") {
    // Walk the markers to the first start-of-frame (SOF0-SOF15 but DHT, JPG and DAC).
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1];
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      i += 2 + u16be(bytes, i + 2);
    }
    return null;
  }
  if (type === "webp" && bytes.length >= 30) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === "VP8 ") return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  }
  return null;
}

export type UploadCheck = { ok: true; bytes: Uint8Array; type: string; ext: string } | { ok: false; error: string };

export async function checkUpload(kind: UploadKind, file: FormDataEntryValue | null): Promise<UploadCheck> {
  const spec = UPLOADS[kind];
  if (!(file instanceof File) || file.size === 0) return { ok: false, error: UPLOAD_MESSAGES.chooseFile };
  if (file.size > spec.maxBytes) return { ok: false, error: UPLOAD_MESSAGES.tooLarge(kind) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const found = sniff(kind, bytes);
  if (!found) return { ok: false, error: UPLOAD_MESSAGES.wrongFormat(kind) };
  if (kind === "thumbnail" || kind === "announcement") {
    const dimensions = imageSize(bytes);
    if (!dimensions || !dimensions.width || !dimensions.height) return { ok: false, error: UPLOAD_MESSAGES.damaged };
    if (dimensions.width > THUMBNAIL_MAX_SIDE || dimensions.height > THUMBNAIL_MAX_SIDE)
      return { ok: false, error: UPLOAD_MESSAGES.tooManyPixels(THUMBNAIL_MAX_SIDE, dimensions) };
  }
  return { ok: true, bytes, ...found };
}
