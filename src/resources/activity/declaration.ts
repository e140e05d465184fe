import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { ActivityIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";
import { activityLabels } from "./labels";

// Activity Logs (SPEC §2, §3, §8): a hand-built screen with server-side pages, the auditor's filters, CSV export
// and what each entry changed.
export const activityResource = defineResource({
  name: "activity",
  label: activityLabels.sidebar,
  icon: ActivityIcon,
  route: "activity",
  title: activityLabels.title,
  pageName: activityLabels.pageName,
  permissions: resourcePermissions.activity,
  screen: lazy(() => import("./ActivityScreen")),
});
