import { rename } from "../../tickets/rename";
import { defineCommand } from "../command";
import { str } from "../options";

export default defineCommand({
  key: "rename",
  order: 80,
  name: "rename",
  description: "Rename this ticket's channel.",
  details: "Rename the ticket channel, for example to reflect the topic.",
  options: [
    {
      name: "name",
      description: "The new channel name",
      type: "string",
      required: true,
      minLength: 1,
      maxLength: 100,
      es: { name: "nombre", description: "El nuevo nombre del canal" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "renombrar", description: "Cambia el nombre del canal de este ticket." },
  run: ({ deps, guildId, member, options, ticket, known }) => rename(deps, guildId, ticket.number, member, str(options.name, 100), known),
});
