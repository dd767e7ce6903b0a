import { ExternalLink } from "lucide-react";
import { NavLink as RemixNavLink } from "@remix-run/react";
import type { NavLink } from "./nav-links";

const base = "block rounded-md px-3 py-2 text-sm transition-colors";

export function NavItem({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  if (link.external)
    return (
      <a href={link.to} target="_blank" rel="noreferrer" className={`${base} text-zinc-300 hover:bg-zinc-800 hover:text-white`}>
        {link.label} <ExternalLink aria-hidden className="inline size-3.5 align-[-2px]" />
      </a>
    );
  return (
    <RemixNavLink
      to={link.to}
      end
      prefetch="intent"
      onClick={onNavigate}
      className={({ isActive }) => `${base} ${isActive ? "bg-brand-700/30 text-white" : "text-zinc-300 hover:bg-zinc-800 hover:text-white"}`}
    >
      {link.label}
    </RemixNavLink>
  );
}
