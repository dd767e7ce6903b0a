import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

const SIDES = {
  left: "inset-y-0 left-0 h-full w-full max-w-md border-r",
  right: "inset-y-0 right-0 h-full w-full max-w-md border-l",
  bottom: "inset-x-0 bottom-0 max-h-[90vh] w-full rounded-t-2xl border-t",
};

/** A side or bottom sheet (Radix dialog): title, optional description, content. */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  side = "right",
  children,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  side?: keyof typeof SIDES;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          data-testid={testId}
          aria-describedby={description ? undefined : undefined}
          className={`fixed z-50 flex flex-col overflow-y-auto border-zinc-800 bg-zinc-950 p-6 shadow-xl focus:outline-none ${SIDES[side]}`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-white">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-sm text-zinc-400">{description}</Dialog.Description>}
            </div>
            <Dialog.Close aria-label="Close" className="rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-white">
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
