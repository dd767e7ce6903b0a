import { isMediaKey } from "~/lib/media-key";
import { API_MESSAGES } from "~/spec/messages";

/** Serves one R2 object with its content type, a long cache and nosniff. */
export async function serveMedia(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  if (!isMediaKey(key)) return new Response(API_MESSAGES.notFound, { status: 404 });
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return new Response(API_MESSAGES.notFound, { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

export const DEFAULT_THUMBNAIL = "/default-character.png";

/** Where a stored picture is served; characters without one show the default picture. */
export const thumbnailUrl = (key: string | null) => (key ? `/media/${key}` : DEFAULT_THUMBNAIL);
