import { Fragment, memo, type ReactNode } from "react";
import { parseMessage, type Inline } from "~/lib/chat/format";
import { safeUrl } from "~/lib/safe-url";
import { SafeImage } from "../safe-media";

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === "string") return node;
    switch (node.type) {
      case "em":
        return <em key={i}>{inline(node.children)}</em>;
      case "strong":
        return <strong key={i}>{inline(node.children)}</strong>;
      case "del":
        return <del key={i}>{inline(node.children)}</del>;
      case "quote":
        return (
          <span key={i} className="chat-quote">
            {inline(node.children)}
          </span>
        );
      case "code":
        return <code key={i}>{node.text}</code>;
      case "image":
        return <SafeImage key={i} src={safeUrl(node.src)} alt={node.alt} />;
      case "link": {
        const href = safeUrl(node.href);
        return href ? (
          <a key={i} href={href} rel="noreferrer nofollow" target="_blank">
            {inline(node.children)}
          </a>
        ) : (
          <Fragment key={i}>{inline(node.children)}</Fragment>
        );
      }
    }
  });
}

const withBreaks = (lines: Inline[][]) => lines.map((line, i) => <Fragment key={i}>{i > 0 ? [<br key="br" />, ...inline(line)] : inline(line)}</Fragment>);

/**
 * A chat message's text, formatted as characters write it (lib/chat/format.ts). Memoised on the text:
 * while a reply streams, the chat re-renders every token, and the other messages' text has not changed.
 */
export const ChatText = memo(function ChatText({ text }: { text: string }) {
  return (
    <div className="prose-reverie chat-text">
      {parseMessage(text).map((block, i) =>
        block.type === "pre" ? (
          <pre key={i}>
            <code>{block.text}</code>
          </pre>
        ) : block.type === "blockquote" ? (
          <blockquote key={i}>
            <p>{withBreaks(block.lines)}</p>
          </blockquote>
        ) : (
          <p key={i}>{withBreaks(block.lines)}</p>
        ),
      )}
    </div>
  );
});
