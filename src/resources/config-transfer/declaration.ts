import { lazy } from "react";
import { managerLevels } from "../../schemas/access";
import { configTransferText } from "../../schemas/config-transfer-text";
import { defineResource } from "../engine/types";
import { TransferIcon } from "./TransferIcon";

// Import / Export (beyond the spec): the server's whole configuration as one file, and importing one. Only the
// owner, Administrators and Manage Server holders may use it (the server checks the access level; no team
// permission grants it), so the declaration names no team permission but those levels: the sidebar hides the entry
// and the route shows the "no access" page to staff.
export const configTransferResource = defineResource({
  name: "config-transfer",
  label: configTransferText.pageName,
  icon: TransferIcon,
  route: "import-export",
  title: configTransferText.pageName,
  pageName: configTransferText.pageName,
  permissions: {},
  levels: managerLevels,
  screen: lazy(() => import("./ConfigTransferScreen")),
});
