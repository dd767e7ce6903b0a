import { useEffect, useRef, useState, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeUrl } from "~/lib/safe-url";
import { SafeImage } from "~/components/safe-media";

/** The chat community's custom emoji: `<:name:id>`, or `<a:name:id>` when animated. */
const EMOJI = /<(a?):(\w{2,32}):(\d{15,21})>/g;
const EMOJI_URL = /^https:\/\/cdn\.discordapp\.com\/emojis\/\d{15,21}\.(png|gif)$/;

/** The emoji tokens as Markdown images from the community's CDN (gif when animated, png otherwise), named by their alt text. */
export const withEmoji = (text: string) =>
  text.replace(EMOJI, (_m, animated: string, name: string, id: string) => `![${name}](https://cdn.discordapp.com/emojis/${id}.${animated ? "gif" : "png"})`);

/** A spoiler: blurred until pressed (or Enter/Space), then shown for good. */
function Spoiler({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <button
      type="button"
      aria-pressed={shown}
      title={shown ? undefined : "Spoiler: press to reveal"}
      onClick={() => setShown(true)}
      data-testid="spoiler"
      className={`rounded bg-zinc-800 px-1 font-mono text-[0.9em] transition ${shown ? "text-zinc-100" : "cursor-pointer select-none text-transparent blur-[5px]"}`}
    >
      {children}
    </button>
  );
}

/** A custom emoji inline; when its picture does not load (the CDN is down or blocked), its `:name:` as text, never a broken image. */
function Emoji({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A picture that failed before the page came alive fired its error event before React listened.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed)
    return (
      <span className="font-mono text-[0.9em] text-zinc-300" data-testid="emoji-fallback">
        :{name}:
      </span>
    );
  return (
    <img
      ref={img}
      src={src}
      alt={name}
      title={`:${name}:`}
      onError={() => setFailed(true)}
      className="inline-block h-[1.375em] w-auto align-text-bottom"
      loading="lazy"
      data-testid="emoji"
    />
  );
}

const components: Components = {
  code: ({ children }) => <Spoiler>{children}</Spoiler>,
  // Custom emoji from the community's CDN inline; any other picture by the site-wide rule.
  img: ({ src, alt }) => {
    if (typeof src === "string" && EMOJI_URL.test(src)) return <Emoji src={src} name={alt ?? ""} />;
    return <SafeImage src={src} alt={alt} />;
  },
};

/** An announcement's paragraph as the chat community writes it: Markdown, code spans as spoilers, custom emoji inline. */
export function NewsMarkdown({ children }: { children: string }) {
  return (
    <div className="prose-reverie">
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
        {withEmoji(children)}
      </ReactMarkdown>
    </div>
  );
}
