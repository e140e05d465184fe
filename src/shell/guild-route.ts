import { t } from "../i18n/core";
import { isGuildId } from "../schemas/common";
import { frameMessages } from "../schemas/messages";

/** §2, §5: guildId must be 16 to 21 digits; otherwise the route fails and the error screen shows why. */
export function assertGuildId(guildId: string | undefined): asserts guildId is string | undefined {
  if (guildId !== undefined && !isGuildId(guildId)) {
    // Thrown while rendering: the error screen shows the message in the language on screen.
    throw new Error(t("spec.frame.routeNotFound", frameMessages.routeNotFound("{guildId}"), { guildId }));
  }
}
