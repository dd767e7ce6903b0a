import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher, useLocation } from "react-router";
import { createContext, useContext, useEffect } from "react";
import { useRootData } from "~/hooks/use-root-data";
import { SignInForm } from "./sign-in-form";

type SignInControls = { openSignIn: () => void };
export const SignInContext = createContext<SignInControls>({ openSignIn: () => {} });
export const useSignIn = () => useContext(SignInContext);

/** The sign-in modal: the parent controls open and close; it does not take focus on open. */
export function SignInDialog({ open, onClose, onSignInStart }: { open: boolean; onClose: () => void; onSignInStart?: () => void }) {
  const root = useRootData();
  const location = useLocation();
  const token = useFetcher<{ csrfToken: string }>();
  const csrfToken = root.csrfToken ?? token.data?.csrfToken ?? null;
  // Guests' pages carry no token (so they can be cached); the dialog asks for one when it opens.
  useEffect(() => {
    if (open && !csrfToken && token.state === "idle") void token.load("/api/auth/csrf");
  }, [open, csrfToken, token]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onOpenAutoFocus={(event) => event.preventDefault()}
          aria-describedby={undefined}
          data-testid="sign-in-dialog"
          className="fixed left-1/2 top-1/2 z-50 max-h-[95vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-zinc-800 bg-zinc-950 p-6 shadow-2xl focus:outline-none"
        >
          <SignInForm
            providers={root.signInProviders}
            csrfToken={csrfToken ?? ""}
            callbackUrl={location.pathname + location.search}
            onSignInStart={onSignInStart}
            renderHeading={(text, className) => <Dialog.Title className={className}>{text}</Dialog.Title>}
          />
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-white inline-flex min-h-11 min-w-11 items-center justify-center sm:min-h-0 sm:min-w-0"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
