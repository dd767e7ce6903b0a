import type { ShouldRevalidateFunction } from "react-router";
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

type Progress = { deleted: number; total: number };

export function useAccountDeletion(userId: string, supportEmail: string, csrfToken: string | null) {
  const [deleting, setDeleting] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const failed = () => {
    setDeleting(false);
    setProgress(null);
    toast({ title: MESSAGES.generic.errorTitle, description: MESSAGES.account.deleteFailed(supportEmail), variant: "destructive", duration: 3000 });
  };
  const deletion = useApi<{ jobId?: string }>({
    onError: () => (failed(), false),
    onSuccess: (answer) => (answer.jobId ? void follow(answer.jobId) : signOutSoon()),
  });
  function run() {
    setDeleting(true);
    deletion.submit(`${DELETE_ACCOUNT_ACTION}${userId}`, "DELETE");
  }
  /**
   * A heavy account is deleted by a queued job: its progress every second until it is done. The
   * last step deletes the account and its sessions, so a 401 means it is done too.
   */
  async function follow(jobId: string) {
    for (;;) {
      const answer = await fetch(`/api/status/${jobId}`).catch(() => null);
      if (answer?.status === 401) return signOutSoon();
      const status = answer?.ok ? ((await answer.json()) as { status: string; reply: Progress | null }) : null;
      if (status?.status === "completed") return signOutSoon();
      if (!status || status.status === "error") return failed();
      if (status.reply) setProgress(status.reply);
      await new Promise((resolve) => setTimeout(resolve, TIMING.statusPollIntervalMs));
    }
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
  return { deleting, progress, run };
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
