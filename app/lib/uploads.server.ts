/** Upload kinds: the formats allowed (checked by their bytes, never by name or declared type) and the size limit. */
export const UPLOADS = {
  thumbnail: { maxBytes: 5 * 1024 * 1024, label: "Thumbnails", formats: "PNG, JPEG or WebP", folder: "thumbnails" },
  voice: { maxBytes: 2 * 1024 * 1024, label: "Voice samples", formats: "MP3, WAV or OGG", folder: "voices" },
} as const;
export type UploadKind = keyof typeof UPLOADS;

const ascii = (bytes: Uint8Array, start: number, text: string) => [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

/** The file's real type from its first bytes, or null when it is not an allowed format. */
export function sniff(kind: UploadKind, bytes: Uint8Array): { type: string; ext: string } | null {
  if (kind === "thumbnail") {
    if (bytes[0] === 0x89 && ascii(bytes, 1, "PNG\r\n\x1a\n")) return { type: "image/png", ext: "png" };
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: "image/jpeg", ext: "jpg" };
    if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return { type: "image/webp", ext: "webp" };
    return null;
  }
  if (ascii(bytes, 0, "ID3") || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return { type: "audio/mpeg", ext: "mp3" };
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return { type: "audio/wav", ext: "wav" };
  if (ascii(bytes, 0, "OggS")) return { type: "audio/ogg", ext: "ogg" };
  return null;
}

export type UploadCheck = { ok: true; bytes: Uint8Array; type: string; ext: string } | { ok: false; error: string };

export async function checkUpload(kind: UploadKind, file: FormDataEntryValue | null): Promise<UploadCheck> {
  const spec = UPLOADS[kind];
  if (!(file instanceof File) || file.size === 0) return { ok: false, error: "Choose a file to upload." };
  if (file.size > spec.maxBytes) return { ok: false, error: `${spec.label} can be at most ${spec.maxBytes / 1024 / 1024} MB.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const found = sniff(kind, bytes);
  if (!found) return { ok: false, error: `${spec.label} must be ${spec.formats} files.` };
  return { ok: true, bytes, ...found };
}
