import { unclaim } from "../../tickets/claim";
import { defineCommand } from "../command";

export default defineCommand({
  key: "unclaim",
  order: 100,
  name: "unclaim",
  description: "Release a ticket you claimed.",
  details: "Release a ticket you claimed so someone else can pick it up.",
  options: [],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "liberar", description: "Libera un ticket que reclamaste." },
  run: ({ deps, guildId, member, ticket, known }) => unclaim(deps, guildId, ticket.number, member, known),
});
