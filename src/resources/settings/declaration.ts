import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { settingsMessages } from "../../schemas/messages";
import type { SettingsResponse } from "../../schemas/settings";
import { SettingsIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Settings (SPEC §2, §3, §4, §5): a hand-built form of three cards.
export const settingsResource = defineResource<SettingsResponse>({
  name: "settings",
  label: settingsMessages.pageName,
  icon: SettingsIcon,
  route: "settings",
  title: settingsMessages.pageName,
  pageName: settingsMessages.pageName,
  permissions: resourcePermissions.settings,
  // One record per server: GET and PUT /{guildId}/settings (read with useOne, saved with useUpdate; id: the guild).
  endpoint: { path: "settings", singleton: true },
  screen: lazy(() => import("./SettingsScreen")),
});
