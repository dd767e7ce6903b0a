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

/** Images load from this site's media only; anything else could tell another host who read the page. */
export const isOwnMedia = (src: string | undefined): src is string => !!src && src.startsWith("/media/") && !src.startsWith("/media//");

/** A Markdown image: shown when it is this site's media, else a link to it (never loaded). */
export function SafeImage({ src, alt }: { src?: unknown; alt?: string }) {
  const url = typeof src === "string" ? src : undefined;
  if (isOwnMedia(url)) return <img src={url} alt={alt ?? ""} loading="lazy" />;
  return url ? (
    <a href={url} rel="noreferrer nofollow" target="_blank">
      {alt || url}
    </a>
  ) : null;
}
