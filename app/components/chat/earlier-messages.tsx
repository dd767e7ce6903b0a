import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { CHAT_PAGE_COPY } from "~/spec/pages";

// useLayoutEffect warns when React renders on the server; there is no scroll position there anyway.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * The top of a long chat whose earlier messages are not loaded yet (decision 025): they load when
 * this comes into view, or on a press (keyboards and screen readers).
 */
export function EarlierMessages({ count, loading, onLoad }: { count: number; loading: boolean; onLoad: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const load = useRef(onLoad);
  // Kept current as soon as a render commits: an observer that fires before the passive effects ran
  // would ask for the page above a first message that is no longer first, and its answer is dropped.
  useBrowserLayoutEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const element = button.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    });
    // Watched from the second frame: by then the chat has opened at its end (use-stick-to-bottom scrolls
    // on the first), so a long chat does not load everything before the person scrolls up.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => observer.observe(element));
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return (
    <div className="mb-5 flex justify-center">
      <button ref={button} type="button" className="button-secondary" onClick={onLoad} disabled={loading} aria-busy={loading} data-testid="earlier-messages">
        {loading ? CHAT_PAGE_COPY.loadingEarlier : CHAT_PAGE_COPY.earlier(count)}
      </button>
    </div>
  );
}

/**
 * Keeps what the person is reading in the chat's scroller in place when messages join above it: it moves down by
 * what was added. (Browsers' own scroll anchoring is off for the chat: Safari has none, and the two together would move twice.)
 */
export function useKeepPlaceAbove(firstId: string | undefined, scroller: RefObject<HTMLElement | null>) {
  const last = useRef<{ firstId: string | undefined; height: number }>({ firstId: undefined, height: 0 });
  useBrowserLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = last.current;
    if (before.firstId && firstId !== before.firstId) element.scrollBy({ top: element.scrollHeight - before.height, behavior: "instant" });
    last.current = { firstId, height: element.scrollHeight };
  });
}
