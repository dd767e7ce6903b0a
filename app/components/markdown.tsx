import ReactMarkdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";

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

const components: Components = { img: ({ src, alt }) => <SafeImage src={src} alt={alt} /> };

/**
 * Markdown without raw HTML (react-markdown ignores it), with safe link schemes and images from this
 * site only. `rehypePlugins` is for our own written pages only (heading anchors), never user text; the
 * chat does not load them.
 */
export function Markdown({
  children,
  className = "prose-reverie",
  rehypePlugins = [],
}: {
  children: string;
  className?: string;
  rehypePlugins?: Options["rehypePlugins"];
}) {
  return (
    <div className={className}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={rehypePlugins} urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
