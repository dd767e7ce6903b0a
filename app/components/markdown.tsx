import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSlug from "rehype-slug";
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

const components: Components = {
  img: ({ src, alt }) => {
    const url = typeof src === "string" ? src : undefined;
    if (isOwnMedia(url)) return <img src={url} alt={alt ?? ""} loading="lazy" />;
    return url ? (
      <a href={url} rel="noreferrer nofollow" target="_blank">
        {alt || url}
      </a>
    ) : null;
  },
};

/**
 * Markdown without raw HTML (react-markdown ignores it), with safe link schemes and images from this
 * site only. `anchors` gives headings ids to link to (our own written pages only, never user text).
 */
export function Markdown({ children, className = "prose-reverie", anchors = false }: { children: string; className?: string; anchors?: boolean }) {
  return (
    <div className={className}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={anchors ? [rehypeSlug] : []} urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
