import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { settingsMessages } from "../../schemas/messages";
import { SettingsIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Settings (SPEC §2, §3, §4, §5): a hand-built form of three cards.
export const settingsResource = defineResource({
  name: "settings",
  label: settingsMessages.pageName,
  icon: SettingsIcon,
  route: "settings",
  title: settingsMessages.pageName,
  pageName: settingsMessages.pageName,
  permissions: resourcePermissions.settings,
  screen: lazy(() => import("./SettingsScreen")),
});
