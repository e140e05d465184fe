import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { TicketIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Tickets: the open queue of the server, live (docs/ticket-engine.md).
export const ticketsResource = defineResource({
  name: "tickets",
  label: "Tickets",
  icon: TicketIcon,
  route: "tickets",
  title: "Tickets",
  pageName: "Tickets",
  permissions: resourcePermissions.tickets,
  screen: lazy(() => import("./TicketsScreen")),
});
