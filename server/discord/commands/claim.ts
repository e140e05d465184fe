import { claim } from "../../tickets/claim";
import { defineCommand } from "../command";

export default defineCommand({
  key: "claim",
  order: 90,
  name: "claim",
  description: "Claim this ticket so the team knows you handle it.",
  details: "Claim the ticket so the team knows you are handling it.",
  options: [],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "reclamar", description: "Reclama este ticket para que el equipo sepa que te encargas tú." },
  run: ({ deps, guildId, member, ticket, known }) => claim(deps, guildId, ticket.number, member, known),
});
