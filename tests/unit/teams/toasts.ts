import { afterEach, beforeEach } from "vitest";
import { subscribeToasts, type Toast } from "../../../src/providers/notifications";

/** Records every toast the screens open during a test (what the user would read). */
export function captureToasts() {
  const toasts: Toast[] = [];
  let unsubscribe: (() => void) | undefined;
  beforeEach(() => {
    toasts.length = 0;
    unsubscribe = subscribeToasts((event) => {
      if (event.kind === "open") toasts.push(event.toast);
    });
  });
  afterEach(() => unsubscribe?.());
  return toasts;
}
