import * as ToastPrimitive from "@radix-ui/react-toast";
import { dismissToast, useToasts } from "~/lib/toast";
import { TIMING } from "~/spec/limits";

const VARIANTS = {
  default: "border-zinc-700 bg-zinc-900 text-zinc-100",
  success: "border-emerald-700 bg-emerald-950 text-emerald-50",
  destructive: "border-red-700 bg-red-950 text-red-50",
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TIMING.toastDurationMs} swipeDirection="right" swipeThreshold={TIMING.toastSwipeThreshold}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg sm:pr-8 transition data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full ${VARIANTS[t.variant ?? "default"]}`}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
            {t.action && (
              <ToastPrimitive.Action
                altText={t.action.label}
                onClick={t.action.onSelect}
                className="mt-1 inline-flex min-h-11 w-fit items-center rounded-md border border-current/40 px-3 text-sm font-semibold hover:bg-white/10 sm:min-h-9"
              >
                {t.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-0 top-0 inline-flex min-h-11 min-w-11 items-center justify-center rounded p-1 text-current opacity-70 hover:opacity-100 sm:right-2 sm:top-2 sm:min-h-0 sm:min-w-0"
          >
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
