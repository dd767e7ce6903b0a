import { dangerButtonClass, secondaryButtonClass } from "./field";
import { Modal } from "./modal";

/** "Are you sure?" with Cancel and a destructive confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId?: string;
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
          className={dangerButtonClass}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
