import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

const PLACES = {
  left: "inset-y-0 left-0 h-full w-full max-w-md border-r",
  right: "inset-y-0 right-0 h-full w-full max-w-md border-l",
  bottom: "inset-x-0 bottom-0 max-h-[90vh] w-full rounded-t-2xl border-t",
  center: "left-1/2 top-1/2 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border",
  centerWide: "left-1/2 top-1/2 max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded-xl border",
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
  /** Where focus goes on closing: by default back to what opened it; `false` leaves it to the caller (who moves it). */
  returnFocus?: () => boolean;
};

/** A side or bottom sheet, or a centred dialog (Radix dialog): title, optional description, content. */
export function Sheet({ open, onOpenChange, title, description, side = "right", children, testId, returnFocus }: Props & { side?: keyof typeof PLACES }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            if (returnFocus && !returnFocus()) event.preventDefault();
          }}
          // Without a description the dialog is described by nothing (Radix warns unless told so).
          {...(description ? {} : { "aria-describedby": undefined })}
          className={`fixed z-50 flex flex-col overflow-y-auto border-zinc-800 bg-zinc-950 p-6 shadow-2xl focus:outline-none ${PLACES[side]}`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-white">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-sm text-zinc-300">{description}</Dialog.Description>}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-white inline-flex min-h-11 min-w-11 items-center justify-center sm:min-h-0 sm:min-w-0"
            >
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A centred dialog for confirmations and help popups. */
export function Modal({ wide = false, ...props }: Props & { wide?: boolean }) {
  return <Sheet side={wide ? "centerWide" : "center"} {...props} />;
}
