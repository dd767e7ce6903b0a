import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { useApi } from "~/hooks/use-api";
import { toast } from "~/lib/toast";
import { TIMING } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";
import { ConfirmDialog } from "../ui/confirm-dialog";

/**
 * Confirm, lock the page, delete. On success: the toast, then after 6 s local storage is cleared
 * and the user is signed out. On failure the page unlocks with the spec's message.
 */
/** The deletion call; pages on screen keep their data while it runs (the sign-out that follows reloads them). */
export const DELETE_ACCOUNT_ACTION = "/api/admin/user/delete/";
export const keepDataThroughDeletion: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith(DELETE_ACCOUNT_ACTION) ? false : defaultShouldRevalidate;

export function useAccountDeletion(userId: string, supportEmail: string, csrfToken: string | null) {
  const [deleting, setDeleting] = useState(false);
  const deletion = useApi({
    onError: () => {
      setDeleting(false);
      toast({ title: MESSAGES.generic.errorTitle, description: MESSAGES.account.deleteFailed(supportEmail), variant: "destructive", duration: 3000 });
      return false;
    },
    onSuccess: signOutSoon,
  });
  function run() {
    setDeleting(true);
    deletion.submit(`${DELETE_ACCOUNT_ACTION}${userId}`, "DELETE");
  }
  function signOutSoon() {
    toast({ title: MESSAGES.account.deleted, description: MESSAGES.account.loggingOutSoon });
    setTimeout(() => {
      window.localStorage.clear();
      // The session row is gone with the account; sign-out clears the cookie and returns home.
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/api/auth/signout";
      for (const [name, value] of Object.entries({ csrfToken: csrfToken ?? "", callbackUrl: "/" })) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      form.submit();
    }, TIMING.deletionLogoutDelayMs);
  }
  return { deleting, run };
}

export function DeleteAccountButton({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="text-left text-sm text-red-400 hover:text-red-300">
        Delete your account
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="Your chats are deleted. Your public characters stay up, de-linked, under a 'Not Found' user. You can sign in again with the same email, which starts a fresh account."
        confirmLabel="Delete account"
        onConfirm={onConfirm}
        testId="delete-confirm"
      />
    </>
  );
}
