import { limits } from "../../schemas/limits";

export type ToastVariant = "info" | "success" | "error";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; 4000 by default (SPEC §9). */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends Required<Pick<ToastInput, "title" | "variant" | "duration">> {
  id: number;
  description?: string;
  action?: ToastInput["action"];
}

type Listener = () => void;

/** A tiny toast store: any code can raise a toast; <Toaster/> shows the newest three. */
export function createToastStore() {
  let toasts: ToastItem[] = [];
  // Kept as one array per change: useSyncExternalStore needs a stable snapshot between changes.
  let visible: ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const emit = () => {
    visible = toasts.slice(-limits.toastMaxVisible);
    listeners.forEach((listener) => listener());
  };

  const dismiss = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    const before = toasts.length;
    toasts = toasts.filter((t) => t.id !== id);
    if (toasts.length !== before) emit();
  };

  const show = (input: ToastInput): number => {
    const item: ToastItem = {
      id: nextId++,
      title: input.title,
      description: input.description,
      variant: input.variant ?? "info",
      duration: input.duration ?? limits.toastMs,
      action: input.action,
    };
    toasts = [...toasts, item];
    timers.set(
      item.id,
      setTimeout(() => dismiss(item.id), item.duration),
    );
    emit();
    return item.id;
  };

  return {
    show,
    dismiss,
    /** Every open toast, oldest first. */
    getAll: () => toasts,
    /** The toasts on screen: at most three, the newest (SPEC §9). */
    getVisible: () => visible,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();
export const toast = (input: ToastInput) => toastStore.show(input);
