import type { HttpError, OpenNotificationParams } from "@refinedev/core";
import { frameMessages } from "../../schemas/messages";

/**
 * Toasts of a mutation: the server's `{message}` on success (or a fixed text), its `{error}` on failure.
 * `apiText` puts the server's words into the current language (see useMessageText); a fixed `successMessage` comes
 * already translated. The toaster translates spec texts itself.
 */
export function mutationNotifications(successMessage?: string, apiText: (message: string) => string = (message) => message) {
  return {
    successNotification: (data?: { data?: unknown }): OpenNotificationParams | false => {
      const body = data?.data as { message?: unknown } | undefined;
      const message = successMessage ?? (typeof body?.message === "string" ? apiText(body.message) : undefined);
      return message ? { type: "success", message } : false;
    },
    errorNotification: (error?: HttpError): OpenNotificationParams => ({
      type: "error",
      message: error?.message ? apiText(error.message) : frameMessages.unknownError,
    }),
  };
}
