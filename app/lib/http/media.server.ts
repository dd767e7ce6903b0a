import { hmacHex, timingSafeEqual } from "~/lib/digest";
import { API_MESSAGES } from "~/spec/messages";

/**
 * Serving files from R2 (decision 026). Who may fetch one is the permission module's answer
 * (`mediaAccess` in lib/auth/capabilities.ts); this decides how long it may be kept:
 * - public: cached for a year (a new file gets a new key);
 * - shared: anyone, but every cache asks again each time, so unsharing or deleting stops it at once;
 * - private: never stored by a cache.
 */
export type MediaAccess = "public" | "shared" | "private" | "denied";

const CACHE: Record<Exclude<MediaAccess, "denied">, string> = {
  public: "public, max-age=31536000, immutable",
  shared: "public, no-cache",
  private: "private, no-store",
};

/** How long a signed address works. */
const SIGNED_TTL_MS = 10 * 60 * 1000;

const signature = (secret: string, key: string, expires: number) => hmacHex(secret, `media:${key}:${expires}`);

/** A short-lived address of a private file, for a server we call that has no session: `/media/<key>?e=…&s=…`. */
export async function signedMediaPath(secret: string, key: string, now = Date.now()) {
  const expires = now + SIGNED_TTL_MS;
  return `/media/${key}?${new URLSearchParams({ e: String(expires), s: await signature(secret, key, expires) })}`;
}

/** Whether the request's address is a signed one for this key, and still good. */
export async function hasValidSignature(secret: string, key: string, request: Request, now = Date.now()) {
  const url = new URL(request.url);
  const expires = Number(url.searchParams.get("e"));
  const sent = url.searchParams.get("s") ?? "";
  return !!sent && Number.isFinite(expires) && expires > now && timingSafeEqual(sent, await signature(secret, key, expires));
}

/** One R2 object with its content type, the caching its access allows, and nosniff; 404 when access is denied or it is gone. */
export async function serveMedia(bucket: R2Bucket, key: string, request: Request, access: MediaAccess): Promise<Response> {
  const notFound = () => new Response(API_MESSAGES.notFound, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  if (access === "denied") return notFound();
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("Cache-Control", CACHE[access]);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

export const DEFAULT_THUMBNAIL = "/default-character.svg";

/** Where a stored picture is served; characters without one show the default picture. */
export const thumbnailUrl = (key: string | null) => (key ? `/media/${key}` : DEFAULT_THUMBNAIL);
