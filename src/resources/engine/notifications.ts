import type { HttpError, OpenNotificationParams } from "@refinedev/core";
import { frameMessages } from "../../schemas/messages";

/** Toasts of a mutation: the server's `{message}` on success (or a fixed text), its `{error}` on failure. */
export function mutationNotifications(successMessage?: string) {
  return {
    successNotification: (data?: { data?: unknown }): OpenNotificationParams | false => {
      const body = data?.data as { message?: unknown } | undefined;
      const message = successMessage ?? (typeof body?.message === "string" ? body.message : undefined);
      return message ? { type: "success", message } : false;
    },
    errorNotification: (error?: HttpError): OpenNotificationParams => ({
      type: "error",
      message: error?.message || frameMessages.unknownError,
    }),
  };
}
