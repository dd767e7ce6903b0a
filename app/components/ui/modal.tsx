import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** A centred dialog for confirmations and help popups. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
  wide = false,
}: {
  wide?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          data-testid={testId}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-zinc-800 bg-zinc-950 p-6 shadow-2xl focus:outline-none`}
        >
          <Dialog.Close aria-label="Close" className="absolute right-3 top-3 rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-white">
            ×
          </Dialog.Close>
          <Dialog.Title className="pr-8 text-lg font-semibold text-white">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-2 text-sm text-zinc-300">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
