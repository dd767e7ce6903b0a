import { Link, useLocation } from "@remix-run/react";
import { useRootData } from "~/hooks/use-root-data";
import { BRAND } from "~/spec/brand";

/** Hidden on /, /characters/chat* and /story* (spec section 2). */
export function isFooterHidden(pathname: string) {
  return pathname === "/" || pathname.startsWith("/characters/chat") || pathname.startsWith("/story");
}

/**
 * At the end of the page, in its own space: it never covers content, and it is out of sight while
 * the page is scrolled down (decision 015).
 */
export function Footer() {
  const { pathname } = useLocation();
  const { links } = useRootData();
  if (isFooterHidden(pathname)) return null;
  return (
    <footer data-testid="footer" className="border-t border-zinc-800 bg-zinc-950 px-4 py-3 text-xs text-zinc-400">
      <nav aria-label="Footer" className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-5 gap-y-1">
        <Link to="/terms-of-use" className="footer-link">
          Terms of Use
        </Link>
        <Link to="/privacy-policy" className="footer-link">
          Privacy Policy
        </Link>
        <Link to="/faq" className="footer-link">
          FAQ
        </Link>
        <a href={links.community} target="_blank" rel="noreferrer" className="footer-link">
          Community chat
        </a>
        <span>Made with care by the {BRAND} team</span>
      </nav>
    </footer>
  );
}
