import { useEffect, useRef } from "react";
import type { ChatMessage } from "~/user-store/chat-tree";
import type { MessageActions } from "./message-item";

/** Where an arrow key belongs to what the person is typing or choosing, not to the chat. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest('[role="menu"]'));

/**
 * ← and → switch the versions of the last reply, and → past its last version writes another, as in
 * SillyTavern (issue 61); not while typing, in a dialog or a menu, nor while a reply is being written.
 * The same rules as the ‹ › buttons and a swipe (message-item.tsx).
 */
export function useVersionKeys(last: ChatMessage | undefined, enabled: boolean, actions: Pick<MessageActions, "showBranch" | "regenerate">) {
  const current = useRef({ last, enabled, actions });
  current.current = { last, enabled, actions };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== "ArrowLeft" && event.key !== "ArrowRight") || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typingIn(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const { last: m, enabled, actions } = current.current;
      if (!enabled || !m || m.role !== "character" || m.status === "streaming") return;
      if (event.key === "ArrowLeft") {
        if (!m.previousId) return;
        event.preventDefault();
        actions.showBranch(m.previousId);
      } else if (m.nextId && m.index < m.count) {
        event.preventDefault();
        actions.showBranch(m.nextId);
      } else if (m.parentId && m.status === "complete") {
        event.preventDefault();
        actions.regenerate(m);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
