import { ticketPriorities, type TicketPriority } from "../../../src/schemas/helpdesk";
import { triage } from "../../helpdesk/triage";
import { say } from "../answers";
import { defineCommand } from "../command";
import { str } from "../options";
import { botTexts } from "../texts";

export default defineCommand({
  key: "priority",
  order: 180,
  name: "priority",
  description: "Set this ticket's priority: low, normal, high or urgent.",
  details: "Set the ticket's priority (low, normal, high or urgent); the dashboard's queue sorts and filters by it.",
  options: [
    {
      name: "level",
      description: "low, normal, high or urgent",
      type: "string",
      required: true,
      minLength: 3,
      maxLength: 6,
      es: { name: "nivel", description: "low (baja), normal, high (alta) o urgent (urgente)" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "prioridad", description: "Fija la prioridad de este ticket: low, normal, high o urgent." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    const level = str(options.level, 10).trim().toLowerCase();
    if (!(ticketPriorities as readonly string[]).includes(level)) return say(botTexts.priorityUnknown);
    return triage(deps, guildId, ticket.number, member, { Priority: level as TicketPriority }, known);
  },
});
