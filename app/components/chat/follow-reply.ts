import { useEffect, useRef, useState } from "react";
import { useStickToBottom } from "use-stick-to-bottom";

/**
 * The chat follows the reply (issue 24): while the person is at the bottom, the view stays there as
 * the reply streams in and as its actions appear after it (use-stick-to-bottom watches the content's
 * size, so nothing is left under the composer). Once they scroll up to read, nothing pulls them
 * down: a reply that arrives meanwhile shows `unseen`, the "New message ↓" pill, until they are back.
 */
export function useFollowReply(lastId: string | undefined, streamingText: string | undefined) {
  const stick = useStickToBottom({ initial: "instant", resize: "smooth" });
  const [unseen, setUnseen] = useState(false);
  const seen = useRef({ lastId, streamingText });
  useEffect(() => {
    const changed = seen.current.lastId !== lastId || seen.current.streamingText !== streamingText;
    seen.current = { lastId, streamingText };
    if (changed && !stick.isAtBottom && (streamingText || lastId)) setUnseen(true);
  }, [lastId, streamingText, stick.isAtBottom]);
  useEffect(() => {
    if (stick.isAtBottom) setUnseen(false);
  }, [stick.isAtBottom]);
  return {
    scrollRef: stick.scrollRef,
    contentRef: stick.contentRef,
    unseen,
    /** Back to the latest message (the pill, and sending a message). */
    toBottom: () => void stick.scrollToBottom("smooth"),
    /** Stops following before the page itself scrolls up (to show a recalled message): the view stays where it is taken. */
    leaveBottom: stick.stopScroll,
  };
}
