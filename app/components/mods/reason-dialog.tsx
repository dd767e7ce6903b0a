import { useState } from "react";
import { Modal } from "~/components/ui/sheet";
import { buttonClass, inputClass } from "~/components/ui/field";
import { MOD_CENTRAL_COPY } from "~/spec/moderation";

/** Asks a moderator why (a ban's reason, a resolution's note) before the action runs. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  required,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirmLabel: string;
  required: boolean;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description="Other moderators see this in the audit log.">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (required && !reason.trim()) return;
          onConfirm(reason.trim());
          onOpenChange(false);
          setReason("");
        }}
      >
        <label htmlFor="mod-reason" className="text-sm font-medium text-zinc-200">
          {required ? MOD_CENTRAL_COPY.reasonLabel : MOD_CENTRAL_COPY.noteLabel}
        </label>
        <textarea id="mod-reason" rows={3} className={inputClass} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        <button type="submit" className={`${buttonClass} min-h-11 self-end`} disabled={required && !reason.trim()}>
          {confirmLabel}
        </button>
      </form>
    </Modal>
  );
}
