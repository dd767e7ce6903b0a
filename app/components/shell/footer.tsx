import { Link, useLocation } from "@remix-run/react";
import { useScrolledDown } from "~/hooks/use-scrolled-down";
import { useRootData } from "~/hooks/use-root-data";
import { BRAND } from "~/spec/brand";

/** Hidden on /, /characters/chat* and /story* (spec section 2). */
export function isFooterHidden(pathname: string) {
  return pathname === "/" || pathname.startsWith("/characters/chat") || pathname.startsWith("/story");
}

export function Footer() {
  const { pathname } = useLocation();
  const { links } = useRootData();
  const scrolledDown = useScrolledDown();
  if (isFooterHidden(pathname)) return null;
  return (
    <footer
      data-testid="footer"
      data-hidden={scrolledDown}
      className={`sticky bottom-0 z-30 border-t border-zinc-800 bg-zinc-950/95 px-4 py-3 text-xs text-zinc-400 backdrop-blur transition-transform duration-300 ${scrolledDown ? "translate-y-full" : "translate-y-0"}`}
    >
      <nav aria-label="Footer" className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-5 gap-y-1">
        <Link to="/terms-of-use" className="hover:text-white">
          Terms of Use
        </Link>
        <Link to="/privacy-policy" className="hover:text-white">
          Privacy Policy
        </Link>
        <Link to="/faq" className="hover:text-white">
          FAQ
        </Link>
        <a href={links.community} target="_blank" rel="noreferrer" className="hover:text-white">
          Community chat
        </a>
        <span>Made with care by the {BRAND} team</span>
      </nav>
    </footer>
  );
}
