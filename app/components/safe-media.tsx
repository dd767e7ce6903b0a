import { ownMediaPath } from "~/lib/media-key";

/**
 * A picture in text: shown when its address resolves to this site's media (lib/media-key.ts), from
 * that normalised address; anything else is a link to it, never loaded (another host would learn who
 * read the page, and another path of this site could act on the reader's behalf).
 */
export function SafeImage({ src, alt }: { src?: unknown; alt?: string }) {
  const url = typeof src === "string" ? src : undefined;
  const own = ownMediaPath(url);
  if (own) return <img src={own} alt={alt ?? ""} loading="lazy" />;
  return url ? (
    <a href={url} rel="noreferrer nofollow" target="_blank">
      {alt || url}
    </a>
  ) : null;
}
