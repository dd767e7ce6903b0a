import type { ReactNode } from "react";
import { CHAT_MESSAGES } from "~/spec/messages";
import { useKeepPlaceAbove } from "./earlier-messages";
import type { useFollowReply } from "./follow-reply";

/**
 * A chat's scrolling part and its composer (issue 61). The composer sits at the bottom of the
 * scroller's own content (sticky), not below the scroller: when it grows or shrinks (a second line
 * typed, the text sent), the content changes size, which use-stick-to-bottom follows, instead of the
 * scroller, whose end the browser would clamp upwards, read by the library as the person scrolling
 * up (the view then stayed behind the reply on phones). The "New message ↓" pill floats above it.
 */
export function ChatFrame(props: {
  /** The chat's following (useFollowReply), which its page also uses to follow a message the person sends. */
  follow: ReturnType<typeof useFollowReply>;
  /** The first message shown: the place is kept when earlier ones join above it. */
  firstId: string | undefined;
  /** The messages and what comes above them. */
  children: ReactNode;
  /** The composer and the tools beside it. */
  footer: ReactNode;
  /** Drawn over the scroller (the branch tree). */
  overlay?: ReactNode;
}) {
  const { scrollRef, contentRef, unseen, toBottom } = props.follow;
  useKeepPlaceAbove(props.firstId, scrollRef);
  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scrollRef} className="h-full overflow-y-auto [overflow-anchor:none]" data-testid="chat-scroller">
        <div ref={contentRef} className="flex min-h-full flex-col">
          <div className="flex-1 px-4 py-6">{props.children}</div>
          <div className="sticky bottom-0 z-10 border-t border-zinc-800 bg-zinc-950 px-4 py-3" data-testid="chat-footer">
            {unseen && (
              <button
                type="button"
                onClick={toBottom}
                className="absolute -top-14 left-1/2 min-h-11 -translate-x-1/2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 sm:-top-12 sm:min-h-9"
                data-testid="new-message-pill"
              >
                {CHAT_MESSAGES.newMessageBelow}
              </button>
            )}
            {props.footer}
          </div>
        </div>
      </div>
      {props.overlay}
    </div>
  );
}
