import { requestCloseConfirmation } from "../../tickets/close-request";
import { defineCommand } from "../command";
import { int, str } from "../options";

export default defineCommand({
  key: "closeRequest",
  order: 40,
  name: "closerequest",
  description: "Ask the member to confirm that this ticket can close.",
  details:
    "Ask the member who opened the ticket to confirm it can close, with an optional reason and delay; without an answer it closes after the delay.",
  options: [
    {
      name: "reason",
      description: "Why the ticket can close",
      type: "string",
      maxLength: 1024,
      es: { name: "motivo", description: "Por qué se puede cerrar el ticket" },
    },
    {
      name: "hours",
      description: "Hours to wait for an answer before closing (default: the server's setting)",
      type: "integer",
      minValue: 1,
      es: { name: "horas", description: "Horas de espera antes de cerrar (por defecto: la configuración del servidor)" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "pedircierre", description: "Pide al miembro que confirme que este ticket se puede cerrar." },
  run: ({ deps, guildId, member, options, ticket, known }) =>
    requestCloseConfirmation(deps, guildId, ticket.number, member, str(options.reason, 1024) || null, int(options.hours), known),
});
