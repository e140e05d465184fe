import { openFromMessage } from "../../tickets/message-ticket";
import { defineCommand } from "../command";
import { targetMessageOf } from "../options";

export default defineCommand({
  key: "messageTicket",
  order: 50,
  name: "Open ticket about this message",
  type: "message",
  description: "Open a ticket about a message, quoting it and linking back to it.",
  details:
    "Right-click a message → Apps → Open ticket about this message: a ticket opens for the message's author (or for you, as the server chooses), " +
    "quoting the message and linking back to it.",
  options: [],
  access: "everyone",
  category: "Tickets",
  where: "guild",
  es: { name: "Abrir ticket sobre este mensaje", description: "Abre un ticket sobre un mensaje, citándolo y enlazándolo." },
  run: async ({ deps, guildId, channelId, member, interaction, known }) => {
    const target = targetMessageOf(interaction.data, channelId);
    return target ? openFromMessage(deps, guildId, member, target, known) : { refusal: "stale" };
  },
});
