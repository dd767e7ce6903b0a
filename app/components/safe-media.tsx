import { ownMediaPath } from "~/lib/media-key";

/**
 * The rules for addresses in text people write (spec section 5), shared by the chat's formatter and
 * the Markdown renderers. Kept apart from react-markdown, so the chat does not download it to use them.
 */

const SAFE_SCHEMES = /^(https?|ircs?|mailto|xmpp):/i;

/** Keeps links and images only for http, https, irc, ircs, mailto, xmpp or relative addresses (spec section 5). */
export function safeUrl(url: string): string {
  const value = url.trim();
  const colon = value.indexOf(":");
  const slash = value.indexOf("/");
  const query = value.indexOf("?");
  const hash = value.indexOf("#");
  const relative = colon === -1 || (slash !== -1 && colon > slash) || (query !== -1 && colon > query) || (hash !== -1 && colon > hash);
  return relative || SAFE_SCHEMES.test(value) ? value : "";
}

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
