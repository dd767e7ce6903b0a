import { useRootData } from "~/hooks/use-root-data";
import { UserAvatar } from "../ui/user-avatar";
import { LogoutButton } from "./logout-button";
import { sidebarGroups, truncateName } from "./nav-links";
import { NavItem } from "./nav-list";

/** The desktop sidebar (wider than 768 px). */
export function Sidebar({ onSignIn }: { onSignIn: () => void }) {
  const { user, can, links } = useRootData();
  return (
    <aside data-testid="sidebar" className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 flex-col border-r border-zinc-800 md:flex">
      {/* The links scroll; the account row stays put, so Logout is reachable on a short screen. */}
      <nav aria-label="Sidebar" className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-3 py-4">
        {sidebarGroups(user, can, links).map((group) => (
          <div key={group.title}>
            <p className="nav-heading">{group.title}</p>
            {group.links.map((link) => (
              <NavItem key={link.to} link={link} />
            ))}
          </div>
        ))}
      </nav>
      <div className="shrink-0 border-t border-zinc-800 px-3 py-3" data-testid="sidebar-account">
        {user ? (
          <div className="flex items-center justify-between gap-2 px-2">
            <div className="flex min-w-0 items-center gap-2">
              <UserAvatar image={user.image} email={user.email} name={user.name} letterFrom="name" />
              <span className="truncate text-sm text-zinc-200">{truncateName(user.name)}</span>
            </div>
            <LogoutButton className="rounded-md px-2 py-1 text-sm text-zinc-400 hover:bg-zinc-800 hover:text-white" />
          </div>
        ) : (
          <button type="button" onClick={onSignIn} className="w-full rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Sign In
          </button>
        )}
      </div>
    </aside>
  );
}
