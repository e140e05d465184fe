import { limits } from "../../schemas/limits";
import { authMessages } from "../../schemas/messages";
import { readNavigationState } from "../../schemas/navigation-state";
import type { ToastInput } from "./toast-store";

/** The toast that a navigation state asks for (SPEC §2, landing page), or null. */
export function navigationToast(state: unknown, goToLogin: () => void): ToastInput | null {
  const notice = readNavigationState(state);
  if (notice.sessionExpired) {
    return {
      title: authMessages.sessionExpiredTitle,
      description: authMessages.sessionExpiredDescription,
      variant: "error",
      duration: limits.sessionExpiredToastMs,
      action: { label: authMessages.goToLogin, onClick: goToLogin },
    };
  }
  if (notice.accessDenied) return { title: authMessages.accessDenied, variant: "error" };
  return null;
}

/**
 * Shows the toast of the current history entry's navigation state, then clears that state so a reload does
 * not show it again.
 */
export function consumeNavigationState(
  win: { history: Pick<History, "state" | "replaceState">; location: Pick<Location, "replace"> },
  show: (toast: ToastInput) => unknown,
): boolean {
  const toast = navigationToast(win.history.state, () => win.location.replace("/"));
  if (!toast) return false;
  show(toast);
  win.history.replaceState(null, "");
  return true;
}
