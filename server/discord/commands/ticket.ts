import { defineCommand } from "../command";
import { chooseServer } from "../dm";

// DM tickets for a bot on HTTP interactions only (no gateway, so a plain DM never reaches it): `/ticket` in the
// member's direct messages with the bot starts the same flow a DM starts (../dm.ts).
export default defineCommand({
  key: "ticket",
  order: 25,
  name: "ticket",
  description: "Open a ticket from your direct messages with the bot.",
  details: "In your direct messages with the bot: choose a server and a topic, and talk with its staff right here.",
  options: [],
  access: "everyone",
  category: "Tickets",
  where: "dm",
  es: { description: "Abre un ticket desde tus mensajes directos con el bot." },
  run: async ({ deps, user }) => chooseServer(deps, user.id),
});
