import { lazy } from "react";
import { managerLevels } from "../../schemas/access";
import { defineResource } from "../engine/types";
import { WebhookIcon } from "./WebhookIcon";

// Webhooks (docs/webhooks.md): the server's signed endpoints and their deliveries. Managers only (the owner,
// Administrators, Manage Server holders; the server checks the level): an endpoint receives every ticket's words.
export const webhooksResource = defineResource({
  name: "webhooks",
  label: "Webhooks",
  icon: WebhookIcon,
  route: "webhooks",
  title: "Webhooks",
  pageName: "Webhooks",
  permissions: {},
  levels: managerLevels,
  screen: lazy(() => import("./WebhooksScreen")),
});
