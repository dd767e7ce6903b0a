import ReactMarkdown from "react-markdown";
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

/** Markdown without raw HTML (react-markdown ignores it) and with safe link schemes. */
export function Markdown({ children, className = "prose-reverie" }: { children: string; className?: string }) {
  return (
    <div className={className}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
