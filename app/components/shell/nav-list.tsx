import { NavLink as RouterNavLink } from "react-router";
import { Icon } from "../icons";
import type { NavLink } from "./nav-links";

export function NavItem({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  if (link.external)
    return (
      <a href={link.to} target="_blank" rel="noreferrer" className="nav-link">
        {`${link.label} `}
        <Icon name="external" className="inline size-3.5 align-[-2px]" />
      </a>
    );
  return (
    <RouterNavLink to={link.to} end prefetch="intent" onClick={onNavigate} className={({ isActive }) => (isActive ? "nav-link nav-link-active" : "nav-link")}>
      {link.label}
    </RouterNavLink>
  );
}
