import * as Dialog from "@radix-ui/react-dialog";
import { useRootData } from "~/hooks/use-root-data";
import { UserAvatar } from "../ui/user-avatar";
import { BrandLink } from "./brand-link";
import { LogoutButton } from "./logout-button";
import { drawerLinks, truncateName } from "./nav-links";
import { NavItem } from "./nav-list";

/** The side menu on mobile (768 px or less): a sheet from the left. */
export function Drawer({ open, onOpenChange, onSignIn }: { open: boolean; onOpenChange: (open: boolean) => void; onSignIn: () => void }) {
  const { user, can, links } = useRootData();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          data-testid="drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-zinc-800 bg-zinc-950 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-zinc-800 px-4 py-3">
            <Dialog.Title asChild>
              <div>
                <BrandLink onNavigate={close} />
              </div>
            </Dialog.Title>
            <Dialog.Description className="sr-only">Site menu</Dialog.Description>
            <Dialog.Close
              aria-label="Close menu"
              className="rounded-md p-2 text-zinc-400 hover:bg-zinc-800 hover:text-white inline-flex min-h-11 min-w-11 items-center justify-center sm:min-h-0 sm:min-w-0"
            >
              ×
            </Dialog.Close>
          </div>
          {user && (
            <div className="flex items-center gap-2 border-b border-zinc-800 px-4 py-3">
              <UserAvatar image={user.image} email={user.email} name={user.name} letterFrom="name" />
              <span className="truncate text-sm text-zinc-200" data-testid="drawer-user-name">
                {truncateName(user.name)}
              </span>
            </div>
          )}
          <nav aria-label="Menu" className="flex-1 overflow-y-auto px-2 py-3">
            {drawerLinks(user, can, links).map((link) => (
              <NavItem key={link.to} link={link} onNavigate={close} />
            ))}
          </nav>
          <div className="border-t border-zinc-800 p-3">
            {user ? (
              <LogoutButton className="w-full rounded-md px-3 py-2 text-left text-sm text-zinc-300 hover:bg-zinc-800 hover:text-white" />
            ) : (
              <button
                type="button"
                onClick={() => {
                  close();
                  onSignIn();
                }}
                className="w-full rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Sign In
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
