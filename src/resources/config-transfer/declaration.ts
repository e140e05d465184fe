import { lazy } from "react";
import { configTransferText } from "../../schemas/config-transfer-text";
import { defineResource } from "../engine/types";
import { TransferIcon } from "./TransferIcon";

// Import / Export (beyond the spec): the server's whole configuration as one file, and importing one. Only the
// owner, Administrators and Manage Server holders may use it (the server checks the access level; no team
// permission grants it), so the declaration names no team permission: the screen reads the caller's level.
export const configTransferResource = defineResource({
  name: "config-transfer",
  label: configTransferText.pageName,
  icon: TransferIcon,
  route: "import-export",
  title: configTransferText.pageName,
  pageName: configTransferText.pageName,
  permissions: {},
  screen: lazy(() => import("./ConfigTransferScreen")),
});
