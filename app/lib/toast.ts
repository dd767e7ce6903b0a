import { useSyncExternalStore } from "react";
import { TIMING } from "~/spec/limits";

export type ToastVariant = "default" | "destructive" | "success";
export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A button in the toast that goes on from it (the "Remembered" toast opens Memory). */
  action?: { label: string; onSelect: () => void };
};
export type ToastItem = ToastInput & { id: string; open: boolean };

/** One toast at a time (spec section 4); a new one replaces the old. */
const TOAST_LIMIT = 1;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TIMING.toastRemoveDelayMs),
  );
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

/** The one toast helper: `toast({ title, description, variant })`. */
export function toast(input: ToastInput) {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/** The toasts now in the store (what `useToasts` renders). */
export const getToasts = (): ToastItem[] => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getToasts,
    getToasts,
  );
}
