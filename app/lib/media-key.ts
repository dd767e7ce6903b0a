/**
 * The R2 keys the media route serves, and the rule for a picture address written in text (a greeting,
 * a persona, an announcement): it is this site's media only when its normalised path is a media key.
 * Shared by the server (lib/http/media.server.ts) and every renderer (components/safe-media.tsx).
 */

/** A folder, then a file name of safe characters. */
const KEY_PATTERN = /^(thumbnails|voices|images|speech|announcements)\/[A-Za-z0-9._-]{1,120}$/;

export function isMediaKey(key: string) {
  return KEY_PATTERN.test(key) && !key.includes("..");
}

const HERE = "https://media.invalid";

/**
 * The address of this site's media that `src` names, as the browser would resolve it, or null. The
 * browser resolves `/media/../api/…`, `/media/%2e%2e/…` and `/media\..\…` to other paths of the site,
 * so the decision is on the path after resolving and percent-decoding, never on the text's prefix
 * (issue 22). The answer is rebuilt from the key: no query, no fragment.
 */
export function ownMediaPath(src: string | undefined | null): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, `${HERE}/`);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!path.startsWith("/media/")) return null;
  const key = path.slice("/media/".length);
  return isMediaKey(key) ? `/media/${key}` : null;
}
