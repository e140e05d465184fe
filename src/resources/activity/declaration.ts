import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import type { ActivityEntry } from "../../schemas/activity";
import { ActivityIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";
import { activityLabels } from "./labels";

// Activity Logs (SPEC §2, §3, §8): a hand-built screen with server-side pages, the auditor's filters, CSV export
// and what each entry changed.
export const activityResource = defineResource<ActivityEntry>({
  name: "activity",
  label: activityLabels.sidebar,
  icon: ActivityIcon,
  route: "activity",
  title: activityLabels.title,
  pageName: activityLabels.pageName,
  permissions: resourcePermissions.activity,
  // GET /{guildId}/activity(.csv)?page&per_page&user&action&from&to&before&after (activityQuerySchema);
  // GET /{guildId}/activity/{id} answers {entry}.
  endpoint: {
    path: "activity",
    listKey: "activity",
    oneKey: "entry",
    idKey: "ActivityId",
    list: {
      filters: [
        // The member's id, or a part of their name.
        { field: "user", operator: "contains", param: "user" },
        { field: "Action", param: "action" },
        { field: "Timestamp", operator: "gte", param: "from" },
        { field: "Timestamp", operator: "lte", param: "to" },
        // Keyset pages: the entries older (next page) or newer (previous page) than an entry.
        { field: "ActivityId", operator: "lt", param: "before" },
        { field: "ActivityId", operator: "gt", param: "after" },
      ],
    },
  },
  screen: lazy(() => import("./ActivityScreen")),
});
