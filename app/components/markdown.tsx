import ReactMarkdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeUrl } from "~/lib/safe-url";
import { SafeImage } from "./safe-media";

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
