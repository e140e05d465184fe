import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { translateSpecText } from "../i18n/spec-texts";

// Toasts are antd notifications (4000 ms, at most 3 visible: SPEC §9). antd's notification code is loaded on
// the first toast, not with the first screen: `notify` queues into this store and <Toaster /> (shell) renders
// the antd host lazily and drains it.

export type Toast = {
  key: string;
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
  /** Milliseconds; the default toast lasts limits.toastMs. */
  durationMs?: number;
  /** A button in the toast. */
  action?: { label: string; onClick: () => void };
};
export type ToastEvent = { kind: "open"; toast: Toast } | { kind: "close"; key: string };

type Listener = (event: ToastEvent) => void;
const hosts = new Set<Listener>();
const watchers = new Set<() => void>();
const backlog: ToastEvent[] = [];
let counter = 0;

function emit(event: ToastEvent) {
  if (hosts.size === 0) backlog.push(event);
  for (const host of hosts) host(event);
  for (const watcher of watchers) watcher();
}

/** Shows a toast; a spec text (a fixed message or one the API sent) appears in the current language. */
export function notify(toast: Omit<Toast, "key"> & { key?: string }) {
  const message = translateSpecText(toast.message);
  const description = translateSpecText(toast.description);
  emit({ kind: "open", toast: { ...toast, message, description, key: toast.key ?? `toast-${++counter}` } });
}

export function closeToast(key: string) {
  emit({ kind: "close", key });
}

/** Subscribes the host that shows toasts; events emitted before any host existed are replayed to it. */
export function subscribeToasts(host: Listener): () => void {
  hosts.add(host);
  for (const event of backlog.splice(0)) host(event);
  return () => hosts.delete(host);
}

/** Calls back on every toast without consuming it (used to load the host on first use). */
export function watchToasts(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export const hasPendingToasts = () => backlog.length > 0;

/** Refine's notificationProvider over the same store. */
export const notificationProvider: NotificationProvider = {
  open(params: OpenNotificationParams) {
    if (params.type === "progress") return; // no undoable mutations in this product
    notify({ key: params.key, type: params.type, message: params.message, description: params.description });
  },
  close(key: string) {
    closeToast(key);
  },
};
