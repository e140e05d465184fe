import { useSyncExternalStore } from "react";
import { toastStore, type ToastItem, type ToastStore } from "../lib/toast-store";
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons";
import { useT } from "../../i18n/react";

const none: ToastItem[] = [];

/** Shows the newest three toasts. Errors are announced as alerts, the others politely as status. */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getVisible, () => none);
  const tr = useT();
  return (
    <section className="toaster" aria-label={tr("site.toasts", "Notifications")}>
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.variant}`}
          role={t.variant === "error" ? "alert" : "status"}
          aria-live={t.variant === "error" ? "assertive" : "polite"}
        >
          <span className="toast-icon">
            {t.variant === "error" ? <AlertIcon /> : t.variant === "success" ? <CheckCircleIcon /> : <InfoIcon />}
          </span>
          <div className="toast-body">
            <p className="toast-title">{t.title}</p>
            {t.description && <p className="toast-description">{t.description}</p>}
          </div>
          {t.action && (
            <button
              type="button"
              className="btn btn-sm btn-secondary toast-action"
              onClick={() => {
                store.dismiss(t.id);
                t.action?.onClick();
              }}
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            className="icon-btn toast-close"
            aria-label={tr("site.toasts.dismiss", "Dismiss notification")}
            onClick={() => store.dismiss(t.id)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
