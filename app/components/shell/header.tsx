import { NotificationBell } from "./notification-bell";
import { useMatches } from "react-router";
import type { ReactNode } from "react";
import { useRootData } from "~/hooks/use-root-data";
import { IconButton } from "../ui/icon-button";
import { UserAvatar } from "../ui/user-avatar";
import { BrandLink } from "./brand-link";
import { truncateName } from "./nav-links";

/** A route can replace the header's left side (the chat page does) by exporting `handle.header`, given its loader's data. */
export type HeaderHandle<Data = never> = { header?: (data: Data) => ReactNode };

export function Header({ onOpenMenu, onSignIn }: { onOpenMenu: () => void; onSignIn: () => void }) {
  const { user } = useRootData();
  const matches = useMatches();
  const custom = [...matches].reverse().find((m) => (m.handle as HeaderHandle<unknown> | undefined)?.header);
  // A route whose loader failed (its error boundary is showing) has no data: the default header then.
  const left = custom && custom.data ? (custom.handle as HeaderHandle<unknown>).header!(custom.data) : <BrandLink />;
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-3 border-b border-zinc-800 bg-zinc-950/90 px-4 backdrop-blur">
      <div className="flex min-w-0 items-center gap-2">
        <IconButton label="Open menu" path="M4 6h16M4 12h16M4 18h16" onClick={onOpenMenu} className="md:hidden" />
        {left}
      </div>
      {user ? (
        <div className="flex items-center gap-2 text-sm text-zinc-300" data-testid="header-user">
          <NotificationBell unread={user.unreadNotifications ?? 0} compact={!!custom} />
          <span className="hidden sm:inline">{truncateName(user.name)}</span>
          <UserAvatar image={user.image} email={user.email} name={user.name} letterFrom="name" />
        </div>
      ) : (
        <button
          type="button"
          onClick={onSignIn}
          className="min-h-11 shrink-0 whitespace-nowrap rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Sign In
        </button>
      )}
    </header>
  );
}
