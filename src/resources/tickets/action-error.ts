import { HttpError } from "../../providers/http";
import { notify } from "../../providers/notifications";

/** A ticket action that failed: the server's words when it answered, else a plain "try again" (the queue, its bulk bar). */
export function notifyActionFailed(error: unknown, tr: (key: string, english: string) => string): void {
  notify({
    type: "error",
    message: error instanceof HttpError ? error.message : tr("tickets.actionFailed", "That did not work. Please try again."),
  });
}
