import { useState } from "react";
import { dangerButtonClass, secondaryButtonClass } from "./field";
import { Modal } from "./sheet";

/** "Are you sure?" with Cancel and a confirm button: destructive unless `tone` is "primary". */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  testId,
  tone = "danger",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId?: string;
  tone?: "danger" | "primary";
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} testId={testId}>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={() => onOpenChange(false)} className={secondaryButtonClass}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            onOpenChange(false);
            onConfirm();
          }}
          className={tone === "danger" ? dangerButtonClass : "button"}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A quiet red button that asks before it deletes: the dialog says what goes, its button does it. */
export function DeleteButton({
  label,
  title,
  description,
  onConfirm,
  className = "",
  accessibleName,
}: {
  label: string;
  /** What a screen reader hears when several rows each have a Delete button ("Delete Duel at dawn"). */
  accessibleName?: string;
  title: string;
  description: string;
  onConfirm: () => void;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={accessibleName}
        onClick={() => setConfirming(true)}
        className={`rounded-md py-2 text-sm text-red-400 hover:bg-red-950/40 ${className}`}
      >
        {label}
      </button>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title={title} description={description} confirmLabel={label} onConfirm={onConfirm} />
    </>
  );
}
