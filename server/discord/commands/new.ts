import { open } from "../../tickets/open";
import { defineCommand } from "../command";
import { str } from "../options";

export default defineCommand({
  key: "new",
  order: 20,
  name: "new",
  description: "Open a ticket without going through a panel.",
  details: "Open a ticket without going through a panel, with an optional subject.",
  options: [
    {
      name: "subject",
      description: "What the ticket is about",
      type: "string",
      maxLength: 100,
      es: { name: "asunto", description: "De qué trata el ticket" },
    },
  ],
  access: "everyone",
  category: "Tickets",
  where: "guild",
  es: { name: "nuevo", description: "Abre un ticket sin pasar por un panel." },
  run: ({ deps, guildId, member, options, known }) =>
    open(deps, { guildId, member, panelId: null, subject: str(options.subject, 100) || null }, known),
});
