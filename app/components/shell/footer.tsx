import { Link, useLocation } from "react-router";
import { useEffect, useState } from "react";
import { useRootData } from "~/hooks/use-root-data";
import { BRAND } from "~/spec/brand";
import { FOOTER_COPY } from "~/spec/pages";

/** Hidden on /, /characters/chat* and /story* (spec section 2), and in a group chat, which is a chat too (decision 051). */
export function isFooterHidden(pathname: string) {
  return pathname === "/" || pathname.startsWith("/characters/chat") || pathname.startsWith("/story") || pathname.startsWith("/characters/groups/");
}

/**
 * Out of sight while the page is scrolled down (spec section 2), back as soon as it scrolls up, and
 * always at the end of the page, where it has its own space. On a page longer than the window it
 * starts out of sight, so at rest it covers nothing.
 */
function useHiddenWhileScrollingDown(pathname: string) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const atEnd = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
    setHidden(!atEnd());
    const onScroll = () => {
      const y = window.scrollY;
      if (atEnd()) setHidden(false);
      else if (Math.abs(y - last) > 6) setHidden(y > last);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [pathname]);
  return hidden;
}

/**
 * Sticky at the bottom of the window, in its own space at the end of the page (so it never covers the
 * end of anything), and out of sight while the page scrolls down (spec section 2, decision 048).
 */
export function Footer() {
  const { pathname } = useLocation();
  const { links } = useRootData();
  const hidden = useHiddenWhileScrollingDown(pathname);
  if (isFooterHidden(pathname)) return null;
  return (
    <footer
      data-testid="footer"
      data-hidden={hidden || undefined}
      className={`sticky bottom-0 z-20 border-t border-zinc-800 bg-zinc-950 px-4 py-3 text-xs text-zinc-400 transition-transform duration-200 motion-reduce:transition-none ${hidden ? "translate-y-full" : ""}`}
    >
      <nav aria-label="Footer" className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-5 gap-y-1">
        <Link to="/terms-of-use" className="footer-link">
          {FOOTER_COPY.terms}
        </Link>
        <Link to="/privacy-policy" className="footer-link">
          {FOOTER_COPY.privacy}
        </Link>
        <Link to="/faq" className="footer-link">
          {FOOTER_COPY.faq}
        </Link>
        <a href={links.community} target="_blank" rel="noreferrer" className="footer-link">
          {FOOTER_COPY.community}
        </a>
        <span>{FOOTER_COPY.credit(BRAND)}</span>
      </nav>
    </footer>
  );
}
