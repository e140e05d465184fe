import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import type { TicketSummary } from "../../schemas/ticket";
import { TicketIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Tickets: the open queue of the server, live (docs/ticket-engine.md).
export const ticketsResource = defineResource<TicketSummary>({
  name: "tickets",
  label: "Tickets",
  icon: TicketIcon,
  route: "tickets",
  title: "Tickets",
  pageName: "Tickets",
  permissions: resourcePermissions.tickets,
  // GET /{guildId}/tickets?panel&claimed&mine&priority&label&waiting&page&per_page (src/schemas/ticket.ts).
  endpoint: {
    path: "tickets",
    listKey: "tickets",
    idKey: "TicketId",
    list: {
      filters: [
        { field: "PanelId", param: "panel" },
        { field: "ClaimedById", operator: "nnull", param: "claimed", value: "claimed" },
        { field: "ClaimedById", operator: "null", param: "claimed", value: "unclaimed" },
        // Tickets the caller claimed or opened.
        { field: "mine", param: "mine", value: "true" },
        // By priority and by label
        { field: "Priority", param: "priority" },
        { field: "LabelIds", param: "label" },
        // Who they wait on: attention (on staff, not snoozed), staff, member, snoozed
        { field: "waiting", param: "waiting" },
      ],
      // The most urgent first (then the newest)
      sort: { sort: "sort", order: "order", fields: ["priority"] },
    },
  },
  // The open queue and, under it, a ticket's page (/:guildId/tickets/:ticketNumber).
  screen: lazy(() => import("./TicketsRoutes")),
});
